/** Types generated for queries found in "packages/db/src/contexts/context-transitions.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

export type Visibility = 'private' | 'public';

export type ContextStatusArray = (ContextStatus)[];

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'ConfirmBatchContexts' parameters type */
export interface IConfirmBatchContextsParams {
  anchorId: string;
}

/** 'ConfirmBatchContexts' return type */
export interface IConfirmBatchContextsResult {
  id: string;
  user_id: string;
}

/** 'ConfirmBatchContexts' query type */
export interface IConfirmBatchContextsQuery {
  params: IConfirmBatchContextsParams;
  result: IConfirmBatchContextsResult;
}

const confirmBatchContextsIR: any = {"usedParamSet":{"anchorId":true},"params":[{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":748,"b":757}]}],"statement":"-- a leaf is its place in the batch's tree, or its log index when the anchor is the log's tree head:\n-- then the log index moves from tlog_leaves to confirmed_contexts, held in one place at a time\n-- (migration 20261201030000_log_index_held_once; read through ctxlog_log_index). Each row names\n-- the anchor by its ref, read off the anchor's row here (migration 20261201040000)\nWITH batch AS (\n  SELECT b.id, a.ref AS anchor_ref,\n         CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int ELSE l.log_index::int END AS leaf_index,\n         a.tree_size IS NOT NULL AS from_log\n    FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)\n    LEFT JOIN tlog_leaves AS l ON a.tree_size IS NOT NULL AND l.id = b.id\n   WHERE a.id = :anchorId!),\ndequeued AS (\n  DELETE FROM pending_contexts AS q USING batch\n   WHERE q.id = batch.id\n  RETURNING q.id, q.user_id, batch.anchor_ref, batch.leaf_index, batch.from_log),\nconfirmed AS (\n  INSERT INTO confirmed_contexts (id, anchor_ref, leaf_index)\n  SELECT id, anchor_ref, leaf_index FROM dequeued),\nmoved AS (\n  DELETE FROM tlog_leaves AS l USING dequeued AS d WHERE d.from_log AND l.id = d.id)\nSELECT id AS \"id!\", user_id AS \"user_id!\" FROM dequeued ORDER BY leaf_index"};

/**
 * Query generated from SQL:
 * ```
 * -- a leaf is its place in the batch's tree, or its log index when the anchor is the log's tree head:
 * -- then the log index moves from tlog_leaves to confirmed_contexts, held in one place at a time
 * -- (migration 20261201030000_log_index_held_once; read through ctxlog_log_index). Each row names
 * -- the anchor by its ref, read off the anchor's row here (migration 20261201040000)
 * WITH batch AS (
 *   SELECT b.id, a.ref AS anchor_ref,
 *          CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int ELSE l.log_index::int END AS leaf_index,
 *          a.tree_size IS NOT NULL AS from_log
 *     FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
 *     LEFT JOIN tlog_leaves AS l ON a.tree_size IS NOT NULL AND l.id = b.id
 *    WHERE a.id = :anchorId!),
 * dequeued AS (
 *   DELETE FROM pending_contexts AS q USING batch
 *    WHERE q.id = batch.id
 *   RETURNING q.id, q.user_id, batch.anchor_ref, batch.leaf_index, batch.from_log),
 * confirmed AS (
 *   INSERT INTO confirmed_contexts (id, anchor_ref, leaf_index)
 *   SELECT id, anchor_ref, leaf_index FROM dequeued),
 * moved AS (
 *   DELETE FROM tlog_leaves AS l USING dequeued AS d WHERE d.from_log AND l.id = d.id)
 * SELECT id AS "id!", user_id AS "user_id!" FROM dequeued ORDER BY leaf_index
 * ```
 */
export const confirmBatchContexts = new PreparedQuery<IConfirmBatchContextsParams,IConfirmBatchContextsResult>(confirmBatchContextsIR);


/** 'FailBatchContexts' parameters type */
export interface IFailBatchContextsParams {
  anchorId: string;
  details?: string | null | void;
  from: ContextStatusArray;
  message: string;
  reason: string;
  retryPossible: boolean;
}

/** 'FailBatchContexts' return type */
export interface IFailBatchContextsResult {
  agent_id: string;
  error_code: string;
  error_details: string | null;
  error_message: string;
  failure_reason: string;
  id: string;
  retry_possible: boolean;
  transaction_hash: Buffer | null;
  user_id: string;
}

/** 'FailBatchContexts' query type */
export interface IFailBatchContextsQuery {
  params: IFailBatchContextsParams;
  result: IFailBatchContextsResult;
}

const failBatchContextsIR: any = {"usedParamSet":{"message":true,"details":true,"reason":true,"retryPossible":true,"anchorId":true,"from":true},"params":[{"name":"message","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":123}]},{"name":"details","required":false,"transform":{"type":"scalar"},"locs":[{"a":142,"b":149}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":176}]},{"name":"retryPossible","required":true,"transform":{"type":"scalar"},"locs":[{"a":200,"b":214}]},{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":312,"b":321}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":422,"b":427}]}],"statement":"WITH failed AS (\n  UPDATE contexts AS c SET anchor_id = a.id, error_code = 'BLOCKCHAIN_ERROR',\n    error_message = :message!, error_details = :details, failure_reason = :reason!,\n    retry_possible = :retryPossible!, failed_at = now()\n  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)\n  WHERE a.id = :anchorId! AND c.id = b.id\n    AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = ANY(:from!::\"ContextStatus\"[])\n  RETURNING c.id, c.user_id, c.agent_id,\n    CASE WHEN a.sent_at IS NOT NULL THEN a.transaction_hash END AS transaction_hash, c.error_code,\n    c.error_message, c.error_details, c.retry_possible, c.failure_reason),\ndequeued AS (DELETE FROM pending_contexts AS q USING failed AS f WHERE q.id = f.id)\nSELECT id AS \"id!\", user_id AS \"user_id!\", agent_id AS \"agent_id!\", transaction_hash,\n       error_code AS \"error_code!\", error_message AS \"error_message!\", error_details,\n       retry_possible AS \"retry_possible!\", failure_reason AS \"failure_reason!\"\n  FROM failed"};

/**
 * Query generated from SQL:
 * ```
 * WITH failed AS (
 *   UPDATE contexts AS c SET anchor_id = a.id, error_code = 'BLOCKCHAIN_ERROR',
 *     error_message = :message!, error_details = :details, failure_reason = :reason!,
 *     retry_possible = :retryPossible!, failed_at = now()
 *   FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)
 *   WHERE a.id = :anchorId! AND c.id = b.id
 *     AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = ANY(:from!::"ContextStatus"[])
 *   RETURNING c.id, c.user_id, c.agent_id,
 *     CASE WHEN a.sent_at IS NOT NULL THEN a.transaction_hash END AS transaction_hash, c.error_code,
 *     c.error_message, c.error_details, c.retry_possible, c.failure_reason),
 * dequeued AS (DELETE FROM pending_contexts AS q USING failed AS f WHERE q.id = f.id)
 * SELECT id AS "id!", user_id AS "user_id!", agent_id AS "agent_id!", transaction_hash,
 *        error_code AS "error_code!", error_message AS "error_message!", error_details,
 *        retry_possible AS "retry_possible!", failure_reason AS "failure_reason!"
 *   FROM failed
 * ```
 */
export const failBatchContexts = new PreparedQuery<IFailBatchContextsParams,IFailBatchContextsResult>(failBatchContextsIR);


/** 'RetryFailedContext' parameters type */
export interface IRetryFailedContextParams {
  contextId: string;
  estimatedConfirmation: DateOrString;
  from: ContextStatusArray;
  userId: string;
}

/** 'RetryFailedContext' return type */
export interface IRetryFailedContextResult {
  agent_id: string;
  anchor_id: string | null;
  api_key_id: string;
  canonical_data: Buffer | null;
  context_hash: Buffer;
  created_at: Date;
  data_erased_at: Date | null;
  data_erased_by: string | null;
  data_erasure_overrode_retention: boolean | null;
  data_erasure_reason: string | null;
  entry_hash: Buffer | null;
  error_code: string | null;
  error_details: string | null;
  error_message: string | null;
  estimated_confirmation: Date;
  failed_at: Date | null;
  failure_reason: string | null;
  id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  user_id: string;
  visibility: Visibility;
}

/** 'RetryFailedContext' query type */
export interface IRetryFailedContextQuery {
  params: IRetryFailedContextParams;
  result: IRetryFailedContextResult;
}

const retryFailedContextIR: any = {"usedParamSet":{"estimatedConfirmation":true,"contextId":true,"userId":true,"from":true},"params":[{"name":"estimatedConfirmation","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":245}]},{"name":"contextId","required":true,"transform":{"type":"scalar"},"locs":[{"a":262,"b":272}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":290,"b":297}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":408}]}],"statement":"WITH retried AS (\n  UPDATE contexts AS c SET error_code = NULL, error_message = NULL, error_details = NULL,\n    failure_reason = NULL, retry_possible = NULL, failed_at = NULL, anchor_id = NULL,\n    estimated_confirmation = :estimatedConfirmation!\n  WHERE c.id = :contextId! AND c.user_id = :userId! AND c.retry_possible\n    AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = ANY(:from!::\"ContextStatus\"[])\n  RETURNING c.*),\nqueued AS (INSERT INTO pending_contexts (id, user_id) SELECT id, user_id FROM retried)\nSELECT * FROM retried"};

/**
 * Query generated from SQL:
 * ```
 * WITH retried AS (
 *   UPDATE contexts AS c SET error_code = NULL, error_message = NULL, error_details = NULL,
 *     failure_reason = NULL, retry_possible = NULL, failed_at = NULL, anchor_id = NULL,
 *     estimated_confirmation = :estimatedConfirmation!
 *   WHERE c.id = :contextId! AND c.user_id = :userId! AND c.retry_possible
 *     AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = ANY(:from!::"ContextStatus"[])
 *   RETURNING c.*),
 * queued AS (INSERT INTO pending_contexts (id, user_id) SELECT id, user_id FROM retried)
 * SELECT * FROM retried
 * ```
 */
export const retryFailedContext = new PreparedQuery<IRetryFailedContextParams,IRetryFailedContextResult>(retryFailedContextIR);


/** 'ReceiveContexts' parameters type */
export interface IReceiveContextsParams {
  heads: Json;
  rows: Json;
}

/** 'ReceiveContexts' return type */
export interface IReceiveContextsResult {
  received: number;
}

/** 'ReceiveContexts' query type */
export interface IReceiveContextsQuery {
  params: IReceiveContextsParams;
  result: IReceiveContextsResult;
}

const receiveContextsIR: any = {"usedParamSet":{"rows":true,"heads":true},"params":[{"name":"rows","required":true,"transform":{"type":"scalar"},"locs":[{"a":650,"b":655}]},{"name":"heads","required":true,"transform":{"type":"scalar"},"locs":[{"a":1515,"b":1521}]}],"statement":"WITH inserted AS (\n  INSERT INTO contexts (id, user_id, api_key_id, agent_id, visibility, canonical_data,\n    context_hash, signature, signature_scheme, signer_address, network, created_at,\n    estimated_confirmation, sequence, prev_entry_hash, entry_hash)\n  SELECT v.id, v.user_id, v.api_key_id, v.agent_id, v.visibility::\"Visibility\",\n         decode(v.canonical_data, 'base64'), decode(v.context_hash, 'hex'), decode(v.signature, 'hex'),\n         v.signature_scheme, v.signer_address, v.network, v.created_at,\n         v.estimated_confirmation, v.sequence, decode(v.prev_entry_hash, 'hex'), decode(v.entry_hash, 'hex')\n    FROM jsonb_to_recordset(:rows!::jsonb) AS v(id text, user_id text, api_key_id text,\n      agent_id text, visibility text, canonical_data text, context_hash text,\n      signature text, signature_scheme text, signer_address text, network text,\n      created_at timestamptz, estimated_confirmation timestamptz,\n      sequence int, prev_entry_hash text, entry_hash text)\n  RETURNING id, user_id, entry_hash),\nqueued AS (INSERT INTO pending_contexts (id, user_id) SELECT id, user_id FROM inserted),\n-- a chained context also waits for the transparency log's sequencer (apps/chain-worker/src/tlog)\ntlog_queued AS (INSERT INTO tlog_queue (id) SELECT id FROM inserted WHERE entry_hash IS NOT NULL),\nheads AS (\n  UPDATE agent_logs AS a SET head_sequence = h.head_sequence, head_entry_hash = decode(h.head_entry_hash, 'hex'),\n         last_at = GREATEST(a.last_at, h.at)\n    FROM jsonb_to_recordset(:heads!::jsonb) AS h(user_id text, agent_id text, head_sequence int,\n      head_entry_hash text, at timestamptz)\n   WHERE a.user_id = h.user_id AND a.agent_id = h.agent_id)\nSELECT 1 AS \"received!\""};

/**
 * Query generated from SQL:
 * ```
 * WITH inserted AS (
 *   INSERT INTO contexts (id, user_id, api_key_id, agent_id, visibility, canonical_data,
 *     context_hash, signature, signature_scheme, signer_address, network, created_at,
 *     estimated_confirmation, sequence, prev_entry_hash, entry_hash)
 *   SELECT v.id, v.user_id, v.api_key_id, v.agent_id, v.visibility::"Visibility",
 *          decode(v.canonical_data, 'base64'), decode(v.context_hash, 'hex'), decode(v.signature, 'hex'),
 *          v.signature_scheme, v.signer_address, v.network, v.created_at,
 *          v.estimated_confirmation, v.sequence, decode(v.prev_entry_hash, 'hex'), decode(v.entry_hash, 'hex')
 *     FROM jsonb_to_recordset(:rows!::jsonb) AS v(id text, user_id text, api_key_id text,
 *       agent_id text, visibility text, canonical_data text, context_hash text,
 *       signature text, signature_scheme text, signer_address text, network text,
 *       created_at timestamptz, estimated_confirmation timestamptz,
 *       sequence int, prev_entry_hash text, entry_hash text)
 *   RETURNING id, user_id, entry_hash),
 * queued AS (INSERT INTO pending_contexts (id, user_id) SELECT id, user_id FROM inserted),
 * -- a chained context also waits for the transparency log's sequencer (apps/chain-worker/src/tlog)
 * tlog_queued AS (INSERT INTO tlog_queue (id) SELECT id FROM inserted WHERE entry_hash IS NOT NULL),
 * heads AS (
 *   UPDATE agent_logs AS a SET head_sequence = h.head_sequence, head_entry_hash = decode(h.head_entry_hash, 'hex'),
 *          last_at = GREATEST(a.last_at, h.at)
 *     FROM jsonb_to_recordset(:heads!::jsonb) AS h(user_id text, agent_id text, head_sequence int,
 *       head_entry_hash text, at timestamptz)
 *    WHERE a.user_id = h.user_id AND a.agent_id = h.agent_id)
 * SELECT 1 AS "received!"
 * ```
 */
export const receiveContexts = new PreparedQuery<IReceiveContextsParams,IReceiveContextsResult>(receiveContextsIR);


