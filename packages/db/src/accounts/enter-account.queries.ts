/** Types generated for queries found in "packages/db/src/accounts/enter-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'LockAccount' parameters type */
export interface ILockAccountParams {
  accountId: string;
}

/** 'LockAccount' return type */
export interface ILockAccountResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'LockAccount' query type */
export interface ILockAccountQuery {
  params: ILockAccountParams;
  result: ILockAccountResult;
}

const lockAccountIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":34,"b":44}]}],"statement":"SELECT * FROM accounts WHERE id = :accountId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts WHERE id = :accountId! FOR UPDATE
 * ```
 */
export const lockAccount = new PreparedQuery<ILockAccountParams,ILockAccountResult>(lockAccountIR);


/** 'UseLiveLinks' parameters type */
export interface IUseLiveLinksParams {
  accountId: string;
  now: DateOrString;
}

/** 'UseLiveLinks' return type */
export interface IUseLiveLinksResult {
  id: string;
}

/** 'UseLiveLinks' query type */
export interface IUseLiveLinksQuery {
  params: IUseLiveLinksParams;
  result: IUseLiveLinksResult;
}

const useLiveLinksIR: any = {"usedParamSet":{"now":true,"accountId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39},{"a":110,"b":114}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":71}]}],"statement":"UPDATE sign_in_links SET used_at = :now!\n WHERE account_id = :accountId! AND used_at IS NULL AND expires_at > :now!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sign_in_links SET used_at = :now!
 *  WHERE account_id = :accountId! AND used_at IS NULL AND expires_at > :now!
 * RETURNING id
 * ```
 */
export const useLiveLinks = new PreparedQuery<IUseLiveLinksParams,IUseLiveLinksResult>(useLiveLinksIR);


