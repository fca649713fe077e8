/** Types generated for queries found in "packages/db/src/accounts/remove-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'DeleteSessionsOfAccount' parameters type */
export interface IDeleteSessionsOfAccountParams {
  accountId: string;
}

/** 'DeleteSessionsOfAccount' return type */
export interface IDeleteSessionsOfAccountResult {
  id: string;
}

/** 'DeleteSessionsOfAccount' query type */
export interface IDeleteSessionsOfAccountQuery {
  params: IDeleteSessionsOfAccountParams;
  result: IDeleteSessionsOfAccountResult;
}

const deleteSessionsOfAccountIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":50}]}],"statement":"DELETE FROM sessions WHERE account_id = :accountId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM sessions WHERE account_id = :accountId! RETURNING id
 * ```
 */
export const deleteSessionsOfAccount = new PreparedQuery<IDeleteSessionsOfAccountParams,IDeleteSessionsOfAccountResult>(deleteSessionsOfAccountIR);


/** 'DeleteLinksOfAccount' parameters type */
export interface IDeleteLinksOfAccountParams {
  accountId: string;
}

/** 'DeleteLinksOfAccount' return type */
export interface IDeleteLinksOfAccountResult {
  id: string;
}

/** 'DeleteLinksOfAccount' query type */
export interface IDeleteLinksOfAccountQuery {
  params: IDeleteLinksOfAccountParams;
  result: IDeleteLinksOfAccountResult;
}

const deleteLinksOfAccountIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":55}]}],"statement":"DELETE FROM sign_in_links WHERE account_id = :accountId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM sign_in_links WHERE account_id = :accountId! RETURNING id
 * ```
 */
export const deleteLinksOfAccount = new PreparedQuery<IDeleteLinksOfAccountParams,IDeleteLinksOfAccountResult>(deleteLinksOfAccountIR);


/** 'ReleaseAccountKey' parameters type */
export interface IReleaseAccountKeyParams {
  accountId: string;
  now: DateOrString;
}

/** 'ReleaseAccountKey' return type */
export interface IReleaseAccountKeyResult {
  id: string;
}

/** 'ReleaseAccountKey' query type */
export interface IReleaseAccountKeyQuery {
  params: IReleaseAccountKeyParams;
  result: IReleaseAccountKeyResult;
}

const releaseAccountKeyIR: any = {"usedParamSet":{"now":true,"accountId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":56}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":87}]}],"statement":"UPDATE api_keys SET account_id = NULL, revoked_at = :now! WHERE account_id = :accountId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE api_keys SET account_id = NULL, revoked_at = :now! WHERE account_id = :accountId! RETURNING id
 * ```
 */
export const releaseAccountKey = new PreparedQuery<IReleaseAccountKeyParams,IReleaseAccountKeyResult>(releaseAccountKeyIR);


/** 'DeleteAccountRow' parameters type */
export interface IDeleteAccountRowParams {
  accountId: string;
}

/** 'DeleteAccountRow' return type */
export interface IDeleteAccountRowResult {
  id: string;
}

/** 'DeleteAccountRow' query type */
export interface IDeleteAccountRowQuery {
  params: IDeleteAccountRowParams;
  result: IDeleteAccountRowResult;
}

const deleteAccountRowIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":32,"b":42}]}],"statement":"DELETE FROM accounts WHERE id = :accountId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM accounts WHERE id = :accountId! RETURNING id
 * ```
 */
export const deleteAccountRow = new PreparedQuery<IDeleteAccountRowParams,IDeleteAccountRowResult>(deleteAccountRowIR);


