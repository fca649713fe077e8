/** Types generated for queries found in "packages/db/src/accounts/keep-one-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'LockAccountsOfUser' parameters type */
export interface ILockAccountsOfUserParams {
  userId: string;
}

/** 'LockAccountsOfUser' return type */
export interface ILockAccountsOfUserResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'LockAccountsOfUser' query type */
export interface ILockAccountsOfUserQuery {
  params: ILockAccountsOfUserParams;
  result: ILockAccountsOfUserResult;
}

const lockAccountsOfUserIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":46}]}],"statement":"SELECT * FROM accounts WHERE user_id = :userId! ORDER BY id FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts WHERE user_id = :userId! ORDER BY id FOR UPDATE
 * ```
 */
export const lockAccountsOfUser = new PreparedQuery<ILockAccountsOfUserParams,ILockAccountsOfUserResult>(lockAccountsOfUserIR);


