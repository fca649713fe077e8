/** Types generated for queries found in "packages/db/src/accounts/find-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'AccountById' parameters type */
export interface IAccountByIdParams {
  accountId: string;
}

/** 'AccountById' return type */
export interface IAccountByIdResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'AccountById' query type */
export interface IAccountByIdQuery {
  params: IAccountByIdParams;
  result: IAccountByIdResult;
}

const accountByIdIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":34,"b":44}]}],"statement":"SELECT * FROM accounts WHERE id = :accountId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts WHERE id = :accountId!
 * ```
 */
export const accountById = new PreparedQuery<IAccountByIdParams,IAccountByIdResult>(accountByIdIR);


