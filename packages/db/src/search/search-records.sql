/* @name contextsByContextHash */
SELECT id AS "id!" FROM contexts WHERE context_hash = :hash! AND user_id = :userId! ORDER BY id LIMIT :limit!;

/* @name contextsByEntryHash */
SELECT id AS "id!" FROM contexts WHERE entry_hash = :hash! AND user_id = :userId! ORDER BY id LIMIT :limit!;

/* @name contextsByTransaction */
-- a context's transaction is its batch's: the anchor (by its own index), then its rows by id
SELECT c.id AS "id!"
  FROM contexts AS c
 WHERE c.id = ANY(ARRAY(SELECT unnest(a.context_ids) FROM anchors AS a WHERE a.transaction_hash = :transactionHash!))
   AND c.user_id = :userId!
 ORDER BY c.id
 LIMIT :limit!;

/* @name contextById */
SELECT id AS "id!" FROM contexts WHERE id = :id! AND user_id = :userId!;

/* @name liveWebhookById */
SELECT id AS "id!" FROM webhooks WHERE id = :id! AND user_id = :userId! AND deleted_at IS NULL;

/* @name deliveryById */
-- its event's deliveries to the user's live webhooks, by their key (webhook_ref, event_id): a
-- delivery's id is its event's (delivery-key.ts), the same at each webhook
SELECT w.id AS "webhookId!"
  FROM webhook_deliveries AS d
  JOIN webhooks AS w ON w.ref = d.webhook_ref
 WHERE d.event_id = :eventId!
   AND d.webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = :userId! AND deleted_at IS NULL))
 ORDER BY w.id;

/* @name eventById */
SELECT id AS "id!" FROM outbox_events WHERE id = :id! AND user_id = :userId!;

/* @name verificationById */
SELECT id AS "id!" FROM verifications WHERE id = :id! AND user_id = :userId!;

/* @name traceById */
-- the trace's first context (ids are time-ordered): its page shows the whole trace
SELECT context_id AS "contextId!"
  FROM otel_spans
 WHERE user_id = :userId! AND trace_id = :traceId!
 ORDER BY context_id
 LIMIT 1;

/* @name agentsByPrefix */
-- the user's agents whose id starts with the query, case aside: one scan of the user's agent logs
-- (one row per agent, its primary key (user_id, agent_id)), so it grows with agents, not contexts
SELECT agent_id AS "agentId!"
  FROM agent_logs
 WHERE user_id = :userId! AND starts_with(lower(agent_id), lower(:prefix!))
 ORDER BY agent_id
 LIMIT :limit!;
