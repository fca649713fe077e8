/** Types generated for queries found in "packages/db/src/contexts/erase-contexts-data.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'ShareAnchorsOfContexts' parameters type */
export interface IShareAnchorsOfContextsParams {
  ids: stringArray;
  inFlight: AnchorStatusArray;
}

/** 'ShareAnchorsOfContexts' return type */
export interface IShareAnchorsOfContextsResult {
  id: string;
}

/** 'ShareAnchorsOfContexts' query type */
export interface IShareAnchorsOfContextsQuery {
  params: IShareAnchorsOfContextsParams;
  result: IShareAnchorsOfContextsResult;
}

const shareAnchorsOfContextsIR: any = {"usedParamSet":{"ids":true,"inFlight":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":105},{"a":191,"b":195}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":149}]}],"statement":"SELECT a.id FROM anchors AS a\n WHERE a.id IN (SELECT c.anchor_id FROM contexts AS c WHERE c.id = ANY(:ids!::text[]))\n    OR (a.status = ANY(:inFlight!::\"AnchorStatus\"[]) AND a.context_ids && :ids!::text[])\n ORDER BY a.id\n   FOR SHARE OF a"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id FROM anchors AS a
 *  WHERE a.id IN (SELECT c.anchor_id FROM contexts AS c WHERE c.id = ANY(:ids!::text[]))
 *     OR (a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids && :ids!::text[])
 *  ORDER BY a.id
 *    FOR SHARE OF a
 * ```
 */
export const shareAnchorsOfContexts = new PreparedQuery<IShareAnchorsOfContextsParams,IShareAnchorsOfContextsResult>(shareAnchorsOfContextsIR);


/** 'EraseContextRows' parameters type */
export interface IEraseContextRowsParams {
  at: DateOrString;
  by: string;
  ids: stringArray;
  overrodeRetention: boolean;
  reason?: string | null | void;
}

/** 'EraseContextRows' return type */
export interface IEraseContextRowsResult {
  agent_id: string;
  context_hash: Buffer;
  created_at: Date;
  entry_hash: Buffer | null;
  id: string;
  prev_entry_hash: Buffer | null;
  sequence: number | null;
  user_id: string;
}

/** 'EraseContextRows' query type */
export interface IEraseContextRowsQuery {
  params: IEraseContextRowsParams;
  result: IEraseContextRowsResult;
}

const eraseContextRowsIR: any = {"usedParamSet":{"at":true,"by":true,"reason":true,"overrodeRetention":true,"ids":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":214,"b":217}]},{"name":"by","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":240}]},{"name":"reason","required":false,"transform":{"type":"scalar"},"locs":[{"a":272,"b":278}]},{"name":"overrodeRetention","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":333}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":353,"b":357}]}],"statement":"-- After lockLogsOfContexts (holds/erasure-guard.sql): a context of an agent under an active legal\n-- hold is never erased, whichever path asked.\nUPDATE contexts AS c\n   SET canonical_data = NULL, data_erased_at = :at!, data_erased_by = :by!,\n       data_erasure_reason = :reason, data_erasure_overrode_retention = :overrodeRetention!\n WHERE c.id = ANY(:ids!::text[]) AND c.data_erased_at IS NULL\n   AND NOT EXISTS (SELECT 1 FROM legal_holds AS h\n                    WHERE h.user_id = c.user_id AND h.agent_id = c.agent_id AND ctxlog_hold_active(h.released_at))\nRETURNING c.id, c.user_id, c.agent_id, c.context_hash, c.sequence, c.prev_entry_hash, c.entry_hash, c.created_at"};

/**
 * Query generated from SQL:
 * ```
 * -- After lockLogsOfContexts (holds/erasure-guard.sql): a context of an agent under an active legal
 * -- hold is never erased, whichever path asked.
 * UPDATE contexts AS c
 *    SET canonical_data = NULL, data_erased_at = :at!, data_erased_by = :by!,
 *        data_erasure_reason = :reason, data_erasure_overrode_retention = :overrodeRetention!
 *  WHERE c.id = ANY(:ids!::text[]) AND c.data_erased_at IS NULL
 *    AND NOT EXISTS (SELECT 1 FROM legal_holds AS h
 *                     WHERE h.user_id = c.user_id AND h.agent_id = c.agent_id AND ctxlog_hold_active(h.released_at))
 * RETURNING c.id, c.user_id, c.agent_id, c.context_hash, c.sequence, c.prev_entry_hash, c.entry_hash, c.created_at
 * ```
 */
export const eraseContextRows = new PreparedQuery<IEraseContextRowsParams,IEraseContextRowsResult>(eraseContextRowsIR);


/** 'ScrubAnsweredData' parameters type */
export interface IScrubAnsweredDataParams {
  ids: stringArray;
  since: string;
  userIds: stringArray;
}

/** 'ScrubAnsweredData' return type */
export interface IScrubAnsweredDataResult {
  events: string;
}

/** 'ScrubAnsweredData' query type */
export interface IScrubAnsweredDataQuery {
  params: IScrubAnsweredDataParams;
  result: IScrubAnsweredDataResult;
}

const scrubAnsweredDataIR: any = {"usedParamSet":{"userIds":true,"since":true,"ids":true},"params":[{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":77},{"a":554,"b":562}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":104}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":131}]}],"statement":"WITH sent AS (\n  SELECT id FROM outbox_events\n   WHERE user_id = ANY(:userIds!::text[]) AND id >= :since! AND context_id = ANY(:ids!::text[])\n     AND event = 'context.created'),\nattempts AS (\n  UPDATE webhook_attempts SET response_body = NULL\n   WHERE event_id = ANY(ARRAY(SELECT id FROM sent)) AND response_body IS NOT NULL),\ndeliveries AS (\n  -- by their key: the users' webhooks (deleted ones too) and the events\n  UPDATE webhook_deliveries SET first_response_body = NULL\n   WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))\n     AND event_id = ANY(ARRAY(SELECT id FROM sent)) AND first_response_body IS NOT NULL)\nSELECT count(*) AS \"events!\" FROM sent"};

/**
 * Query generated from SQL:
 * ```
 * WITH sent AS (
 *   SELECT id FROM outbox_events
 *    WHERE user_id = ANY(:userIds!::text[]) AND id >= :since! AND context_id = ANY(:ids!::text[])
 *      AND event = 'context.created'),
 * attempts AS (
 *   UPDATE webhook_attempts SET response_body = NULL
 *    WHERE event_id = ANY(ARRAY(SELECT id FROM sent)) AND response_body IS NOT NULL),
 * deliveries AS (
 *   -- by their key: the users' webhooks (deleted ones too) and the events
 *   UPDATE webhook_deliveries SET first_response_body = NULL
 *    WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))
 *      AND event_id = ANY(ARRAY(SELECT id FROM sent)) AND first_response_body IS NOT NULL)
 * SELECT count(*) AS "events!" FROM sent
 * ```
 */
export const scrubAnsweredData = new PreparedQuery<IScrubAnsweredDataParams,IScrubAnsweredDataResult>(scrubAnsweredDataIR);


/** 'LockAnswersNaming' parameters type */
export interface ILockAnswersNamingParams {
  patterns: stringArray;
  userIds: stringArray;
}

/** 'LockAnswersNaming' return type */
export interface ILockAnswersNamingResult {
  key: string;
  key_family_id: string;
  response_body: string;
}

/** 'LockAnswersNaming' query type */
export interface ILockAnswersNamingQuery {
  params: ILockAnswersNamingParams;
  result: ILockAnswersNamingResult;
}

const lockAnswersNamingIR: any = {"usedParamSet":{"userIds":true,"patterns":true},"params":[{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":92}]},{"name":"patterns","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":139}]}],"statement":"SELECT key_family_id, key, response_body FROM idempotency_keys\n WHERE user_id = ANY(:userIds!::text[]) AND response_body LIKE ANY(:patterns!::text[])\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT key_family_id, key, response_body FROM idempotency_keys
 *  WHERE user_id = ANY(:userIds!::text[]) AND response_body LIKE ANY(:patterns!::text[])
 *    FOR UPDATE
 * ```
 */
export const lockAnswersNaming = new PreparedQuery<ILockAnswersNamingParams,ILockAnswersNamingResult>(lockAnswersNamingIR);


/** 'RewriteAnswers' parameters type */
export interface IRewriteAnswersParams {
  bodies: stringArray;
  keyFamilyIds: stringArray;
  keys: stringArray;
  requestHash: Buffer;
}

/** 'RewriteAnswers' return type */
export type IRewriteAnswersResult = void;

/** 'RewriteAnswers' query type */
export interface IRewriteAnswersQuery {
  params: IRewriteAnswersParams;
  result: IRewriteAnswersResult;
}

const rewriteAnswersIR: any = {"usedParamSet":{"requestHash":true,"keyFamilyIds":true,"keys":true,"bodies":true},"params":[{"name":"requestHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":93}]},{"name":"keyFamilyIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":122}]},{"name":"keys","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":138}]},{"name":"bodies","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":156}]}],"statement":"UPDATE idempotency_keys AS k SET response_body = v.response_body, request_hash = :requestHash!\n  FROM unnest(:keyFamilyIds!::text[], :keys!::text[], :bodies!::text[]) AS v(key_family_id, key, response_body)\n WHERE k.key_family_id = v.key_family_id AND k.key = v.key"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE idempotency_keys AS k SET response_body = v.response_body, request_hash = :requestHash!
 *   FROM unnest(:keyFamilyIds!::text[], :keys!::text[], :bodies!::text[]) AS v(key_family_id, key, response_body)
 *  WHERE k.key_family_id = v.key_family_id AND k.key = v.key
 * ```
 */
export const rewriteAnswers = new PreparedQuery<IRewriteAnswersParams,IRewriteAnswersResult>(rewriteAnswersIR);


