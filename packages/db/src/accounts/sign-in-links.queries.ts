/** Types generated for queries found in "packages/db/src/accounts/sign-in-links.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'InsertSignInLink' parameters type */
export interface IInsertSignInLinkParams {
  accountId: string;
  expiresAt: DateOrString;
  id: string;
  now: DateOrString;
  tokenHash: Buffer;
}

/** 'InsertSignInLink' return type */
export interface IInsertSignInLinkResult {
  id: string;
}

/** 'InsertSignInLink' query type */
export interface IInsertSignInLinkQuery {
  params: IInsertSignInLinkParams;
  result: IInsertSignInLinkResult;
}

const insertSignInLinkIR: any = {"usedParamSet":{"id":true,"accountId":true,"tokenHash":true,"expiresAt":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":90}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":103}]},{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":116}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":129}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":136}]}],"statement":"INSERT INTO sign_in_links (id, account_id, token_hash, expires_at, created_at)\nVALUES (:id!, :accountId!, :tokenHash!, :expiresAt!, :now!)\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO sign_in_links (id, account_id, token_hash, expires_at, created_at)
 * VALUES (:id!, :accountId!, :tokenHash!, :expiresAt!, :now!)
 * RETURNING id
 * ```
 */
export const insertSignInLink = new PreparedQuery<IInsertSignInLinkParams,IInsertSignInLinkResult>(insertSignInLinkIR);


/** 'VoidUnusedLinks' parameters type */
export interface IVoidUnusedLinksParams {
  accountId: string;
  now: DateOrString;
}

/** 'VoidUnusedLinks' return type */
export interface IVoidUnusedLinksResult {
  id: string;
}

/** 'VoidUnusedLinks' query type */
export interface IVoidUnusedLinksQuery {
  params: IVoidUnusedLinksParams;
  result: IVoidUnusedLinksResult;
}

const voidUnusedLinksIR: any = {"usedParamSet":{"now":true,"accountId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":71}]}],"statement":"UPDATE sign_in_links SET used_at = :now!\n WHERE account_id = :accountId! AND used_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sign_in_links SET used_at = :now!
 *  WHERE account_id = :accountId! AND used_at IS NULL
 * RETURNING id
 * ```
 */
export const voidUnusedLinks = new PreparedQuery<IVoidUnusedLinksParams,IVoidUnusedLinksResult>(voidUnusedLinksIR);


