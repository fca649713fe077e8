/** Types generated for queries found in "packages/db/src/accounts/list-accounts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'AccountsOfUserPage' parameters type */
export interface IAccountsOfUserPageParams {
  after?: string | null | void;
  limit: NumberOrString;
  userId: string;
}

/** 'AccountsOfUserPage' return type */
export interface IAccountsOfUserPageResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'AccountsOfUserPage' query type */
export interface IAccountsOfUserPageQuery {
  params: IAccountsOfUserPageParams;
  result: IAccountsOfUserPageResult;
}

const accountsOfUserPageIR: any = {"usedParamSet":{"userId":true,"after":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":47}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":54,"b":59},{"a":83,"b":88}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":122}]}],"statement":"SELECT * FROM accounts\n WHERE user_id = :userId! AND (:after::text IS NULL OR id < :after)\n ORDER BY id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts
 *  WHERE user_id = :userId! AND (:after::text IS NULL OR id < :after)
 *  ORDER BY id DESC
 *  LIMIT :limit!
 * ```
 */
export const accountsOfUserPage = new PreparedQuery<IAccountsOfUserPageParams,IAccountsOfUserPageResult>(accountsOfUserPageIR);


