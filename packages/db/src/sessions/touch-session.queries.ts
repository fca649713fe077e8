/** Types generated for queries found in "packages/db/src/sessions/touch-session.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'TouchLiveSession' parameters type */
export interface ITouchLiveSessionParams {
  now: DateOrString;
  seenBefore: DateOrString;
  sessionId: string;
}

/** 'TouchLiveSession' return type */
export interface ITouchLiveSessionResult {
  id: string;
}

/** 'TouchLiveSession' query type */
export interface ITouchLiveSessionQuery {
  params: ITouchLiveSessionParams;
  result: ITouchLiveSessionResult;
}

const touchLiveSessionIR: any = {"usedParamSet":{"now":true,"sessionId":true,"seenBefore":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39}]},{"name":"sessionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":63}]},{"name":"seenBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":118}]}],"statement":"UPDATE sessions SET last_seen_at = :now!\n WHERE id = :sessionId! AND revoked_at IS NULL AND last_seen_at < :seenBefore!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sessions SET last_seen_at = :now!
 *  WHERE id = :sessionId! AND revoked_at IS NULL AND last_seen_at < :seenBefore!
 * RETURNING id
 * ```
 */
export const touchLiveSession = new PreparedQuery<ITouchLiveSessionParams,ITouchLiveSessionResult>(touchLiveSessionIR);


