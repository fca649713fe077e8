/* @name shareAnchorsOfContexts */
SELECT a.id FROM anchors AS a
 WHERE a.id IN (SELECT c.anchor_id FROM contexts AS c WHERE c.id = ANY(:ids!::text[]))
    OR (a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids && :ids!::text[])
 ORDER BY a.id
   FOR SHARE OF a;

/* @name eraseContextRows */
-- After lockLogsOfContexts (holds/erasure-guard.sql): a context of an agent under an active legal
-- hold is never erased, whichever path asked.
UPDATE contexts AS c
   SET canonical_data = NULL, data_erased_at = :at!, data_erased_by = :by!,
       data_erasure_reason = :reason, data_erasure_overrode_retention = :overrodeRetention!
 WHERE c.id = ANY(:ids!::text[]) AND c.data_erased_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM legal_holds AS h
                    WHERE h.user_id = c.user_id AND h.agent_id = c.agent_id AND ctxlog_hold_active(h.released_at))
RETURNING c.id, c.user_id, c.agent_id, c.context_hash, c.sequence, c.prev_entry_hash, c.entry_hash, c.created_at;

/* @name scrubAnsweredData */
WITH sent AS (
  SELECT id FROM outbox_events
   WHERE user_id = ANY(:userIds!::text[]) AND id >= :since! AND context_id = ANY(:ids!::text[])
     AND event = 'context.created'),
attempts AS (
  UPDATE webhook_attempts SET response_body = NULL
   WHERE event_id = ANY(ARRAY(SELECT id FROM sent)) AND response_body IS NOT NULL),
deliveries AS (
  -- by their key: the users' webhooks (deleted ones too) and the events
  UPDATE webhook_deliveries SET first_response_body = NULL
   WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))
     AND event_id = ANY(ARRAY(SELECT id FROM sent)) AND first_response_body IS NOT NULL)
SELECT count(*) AS "events!" FROM sent;

/* @name lockAnswersNaming */
SELECT key_family_id, key, response_body FROM idempotency_keys
 WHERE user_id = ANY(:userIds!::text[]) AND response_body LIKE ANY(:patterns!::text[])
   FOR UPDATE;

/* @name rewriteAnswers */
UPDATE idempotency_keys AS k SET response_body = v.response_body, request_hash = :requestHash!
  FROM unnest(:keyFamilyIds!::text[], :keys!::text[], :bodies!::text[]) AS v(key_family_id, key, response_body)
 WHERE k.key_family_id = v.key_family_id AND k.key = v.key;
