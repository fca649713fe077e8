/** Types generated for queries found in "packages/db/src/accounts/find-person.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'PersonByEmail' parameters type */
export interface IPersonByEmailParams {
  email: string;
}

/** 'PersonByEmail' return type */
export interface IPersonByEmailResult {
  created_at: Date;
  email: string;
  email_verified_at: Date | null;
  id: string;
  password_hash: string;
}

/** 'PersonByEmail' query type */
export interface IPersonByEmailQuery {
  params: IPersonByEmailParams;
  result: IPersonByEmailResult;
}

const personByEmailIR: any = {"usedParamSet":{"email":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":41}]}],"statement":"SELECT * FROM people WHERE email = :email!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM people WHERE email = :email!
 * ```
 */
export const personByEmail = new PreparedQuery<IPersonByEmailParams,IPersonByEmailResult>(personByEmailIR);


/** 'PersonOfAccount' parameters type */
export interface IPersonOfAccountParams {
  accountId: string;
}

/** 'PersonOfAccount' return type */
export interface IPersonOfAccountResult {
  created_at: Date;
  email: string;
  email_verified_at: Date | null;
  id: string;
  password_hash: string;
}

/** 'PersonOfAccount' query type */
export interface IPersonOfAccountQuery {
  params: IPersonOfAccountParams;
  result: IPersonOfAccountResult;
}

const personOfAccountIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":92}]}],"statement":"SELECT p.* FROM accounts AS a JOIN people AS p ON p.id = a.person_id WHERE a.id = :accountId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.* FROM accounts AS a JOIN people AS p ON p.id = a.person_id WHERE a.id = :accountId!
 * ```
 */
export const personOfAccount = new PreparedQuery<IPersonOfAccountParams,IPersonOfAccountResult>(personOfAccountIR);


