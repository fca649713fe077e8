/* @name confirmBatchContexts */
-- a leaf is its place in the batch's tree, or its log index when the anchor is the log's tree head:
-- then the log index moves from tlog_leaves to confirmed_contexts, held in one place at a time
-- (migration 20261201030000_log_index_held_once; read through ctxlog_log_index). Each row names
-- the anchor by its ref, read off the anchor's row here (migration 20261201040000)
WITH batch AS (
  SELECT b.id, a.ref AS anchor_ref,
         CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int ELSE l.log_index::int END AS leaf_index,
         a.tree_size IS NOT NULL AS from_log
    FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
    LEFT JOIN tlog_leaves AS l ON a.tree_size IS NOT NULL AND l.id = b.id
   WHERE a.id = :anchorId!),
dequeued AS (
  DELETE FROM pending_contexts AS q USING batch
   WHERE q.id = batch.id
  RETURNING q.id, q.user_id, batch.anchor_ref, batch.leaf_index, batch.from_log),
confirmed AS (
  INSERT INTO confirmed_contexts (id, anchor_ref, leaf_index)
  SELECT id, anchor_ref, leaf_index FROM dequeued),
moved AS (
  DELETE FROM tlog_leaves AS l USING dequeued AS d WHERE d.from_log AND l.id = d.id)
SELECT id AS "id!", user_id AS "user_id!" FROM dequeued ORDER BY leaf_index;

/* @name failBatchContexts */
WITH failed AS (
  UPDATE contexts AS c SET anchor_id = a.id, error_code = 'BLOCKCHAIN_ERROR',
    error_message = :message!, error_details = :details, failure_reason = :reason!,
    retry_possible = :retryPossible!, failed_at = now()
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)
  WHERE a.id = :anchorId! AND c.id = b.id
    AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = ANY(:from!::"ContextStatus"[])
  RETURNING c.id, c.user_id, c.agent_id,
    CASE WHEN a.sent_at IS NOT NULL THEN a.transaction_hash END AS transaction_hash, c.error_code,
    c.error_message, c.error_details, c.retry_possible, c.failure_reason),
dequeued AS (DELETE FROM pending_contexts AS q USING failed AS f WHERE q.id = f.id)
SELECT id AS "id!", user_id AS "user_id!", agent_id AS "agent_id!", transaction_hash,
       error_code AS "error_code!", error_message AS "error_message!", error_details,
       retry_possible AS "retry_possible!", failure_reason AS "failure_reason!"
  FROM failed;

/* @name retryFailedContext */
WITH retried AS (
  UPDATE contexts AS c SET error_code = NULL, error_message = NULL, error_details = NULL,
    failure_reason = NULL, retry_possible = NULL, failed_at = NULL, anchor_id = NULL,
    estimated_confirmation = :estimatedConfirmation!
  WHERE c.id = :contextId! AND c.user_id = :userId! AND c.retry_possible
    AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = ANY(:from!::"ContextStatus"[])
  RETURNING c.*),
queued AS (INSERT INTO pending_contexts (id, user_id) SELECT id, user_id FROM retried)
SELECT * FROM retried;

/* @name receiveContexts */
WITH inserted AS (
  INSERT INTO contexts (id, user_id, api_key_id, agent_id, visibility, canonical_data,
    context_hash, signature, signature_scheme, signer_address, network, created_at,
    estimated_confirmation, sequence, prev_entry_hash, entry_hash)
  SELECT v.id, v.user_id, v.api_key_id, v.agent_id, v.visibility::"Visibility",
         decode(v.canonical_data, 'base64'), decode(v.context_hash, 'hex'), decode(v.signature, 'hex'),
         v.signature_scheme, v.signer_address, v.network, v.created_at,
         v.estimated_confirmation, v.sequence, decode(v.prev_entry_hash, 'hex'), decode(v.entry_hash, 'hex')
    FROM jsonb_to_recordset(:rows!::jsonb) AS v(id text, user_id text, api_key_id text,
      agent_id text, visibility text, canonical_data text, context_hash text,
      signature text, signature_scheme text, signer_address text, network text,
      created_at timestamptz, estimated_confirmation timestamptz,
      sequence int, prev_entry_hash text, entry_hash text)
  RETURNING id, user_id, entry_hash),
queued AS (INSERT INTO pending_contexts (id, user_id) SELECT id, user_id FROM inserted),
-- a chained context also waits for the transparency log's sequencer (apps/chain-worker/src/tlog)
tlog_queued AS (INSERT INTO tlog_queue (id) SELECT id FROM inserted WHERE entry_hash IS NOT NULL),
heads AS (
  UPDATE agent_logs AS a SET head_sequence = h.head_sequence, head_entry_hash = decode(h.head_entry_hash, 'hex'),
         last_at = GREATEST(a.last_at, h.at)
    FROM jsonb_to_recordset(:heads!::jsonb) AS h(user_id text, agent_id text, head_sequence int,
      head_entry_hash text, at timestamptz)
   WHERE a.user_id = h.user_id AND a.agent_id = h.agent_id)
SELECT 1 AS "received!";
