/** Types generated for queries found in "packages/db/src/accounts/find-account-by-email.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'AccountsWithEmail' parameters type */
export interface IAccountsWithEmailParams {
  email: string;
}

/** 'AccountsWithEmail' return type */
export interface IAccountsWithEmailResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'AccountsWithEmail' query type */
export interface IAccountsWithEmailQuery {
  params: IAccountsWithEmailParams;
  result: IAccountsWithEmailResult;
}

const accountsWithEmailIR: any = {"usedParamSet":{"email":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":43}]}],"statement":"SELECT * FROM accounts WHERE email = :email! ORDER BY id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts WHERE email = :email! ORDER BY id
 * ```
 */
export const accountsWithEmail = new PreparedQuery<IAccountsWithEmailParams,IAccountsWithEmailResult>(accountsWithEmailIR);


