/** Types generated for queries found in "packages/db/src/anchors/list-unbatched-contexts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'UnbatchedContextIds' parameters type */
export interface IUnbatchedContextIdsParams {
  afterId: string;
  createdBefore: DateOrString;
  inFlight: AnchorStatusArray;
  limit: NumberOrString;
}

/** 'UnbatchedContextIds' return type */
export interface IUnbatchedContextIdsResult {
  id: string;
}

/** 'UnbatchedContextIds' query type */
export interface IUnbatchedContextIdsQuery {
  params: IUnbatchedContextIdsParams;
  result: IUnbatchedContextIdsResult;
}

const unbatchedContextIdsIR: any = {"usedParamSet":{"afterId":true,"inFlight":true,"createdBefore":true,"limit":true},"params":[{"name":"afterId","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":187}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":289,"b":298}]},{"name":"createdBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":342,"b":356}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":380,"b":386}]}],"statement":"-- pending contexts in a batch in flight are skipped through one hashed list of their ids\nSELECT q.id\n  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id\n WHERE q.id > :afterId!\n   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors\n                     WHERE status = ANY(:inFlight!::\"AnchorStatus\"[]))\n   AND c.created_at < :createdBefore!\n ORDER BY q.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- pending contexts in a batch in flight are skipped through one hashed list of their ids
 * SELECT q.id
 *   FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 *  WHERE q.id > :afterId!
 *    AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
 *                      WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 *    AND c.created_at < :createdBefore!
 *  ORDER BY q.id
 *  LIMIT :limit!
 * ```
 */
export const unbatchedContextIds = new PreparedQuery<IUnbatchedContextIdsParams,IUnbatchedContextIdsResult>(unbatchedContextIdsIR);


/** 'UnbatchedAmong' parameters type */
export interface IUnbatchedAmongParams {
  ids: stringArray;
  inFlight: AnchorStatusArray;
}

/** 'UnbatchedAmong' return type */
export interface IUnbatchedAmongResult {
  id: string;
}

/** 'UnbatchedAmong' query type */
export interface IUnbatchedAmongQuery {
  params: IUnbatchedAmongParams;
  result: IUnbatchedAmongResult;
}

const unbatchedAmongIR: any = {"usedParamSet":{"ids":true,"inFlight":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":54}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":170}]}],"statement":"SELECT id\n  FROM pending_contexts\n WHERE id = ANY(:ids!::text[])\n   AND id NOT IN (SELECT unnest(context_ids) FROM anchors\n                   WHERE status = ANY(:inFlight!::\"AnchorStatus\"[]))"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id
 *   FROM pending_contexts
 *  WHERE id = ANY(:ids!::text[])
 *    AND id NOT IN (SELECT unnest(context_ids) FROM anchors
 *                    WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 * ```
 */
export const unbatchedAmong = new PreparedQuery<IUnbatchedAmongParams,IUnbatchedAmongResult>(unbatchedAmongIR);


