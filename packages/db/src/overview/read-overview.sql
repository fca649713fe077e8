/* @name contextsByStatusOf */
-- each context's status as ctxlog_context_status says (the one definition), counted in one scan of
-- the user's rows (user_id, id) with the queue probed as a hashed subplan
SELECT s.status::text AS "status!", count(*) AS "n!"
  FROM contexts AS c CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 WHERE c.user_id = :userId!
 GROUP BY 1;

/* @name contextsPerMinuteOf */
SELECT date_trunc('minute', created_at) AS "minute!", count(*) AS "n!"
  FROM contexts
 WHERE user_id = :userId! AND id >= :idFrom!
 GROUP BY 1;

/* @name averageConfirmationOf */
-- each context's confirmation time as its record shows it (context-view.ts): its anchor's
-- confirmation less its own receipt, in whole seconds, for the confirmed ones
-- (ctxlog_context_status); its batch is the one it was confirmed in (confirmed_contexts)
SELECT avg(ctxlog_confirmation_seconds(c.created_at, a.confirmed_at))::float8 AS avg
  FROM contexts c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  JOIN confirmed_contexts m ON m.id = c.id
  JOIN anchors a ON a.ref = m.anchor_ref
 WHERE c.user_id = :userId! AND s.status = 'confirmed'
   AND c.id >= :idFrom!
   AND a.confirmed_at >= :confirmedSince!::timestamptz;

/* @name anchorsIn */
SELECT count(*) AS "n!" FROM anchors WHERE status = ANY(:statuses!::"AnchorStatus"[]);

/* @name chainStatusOf */
SELECT chain_id, head_block FROM chain_status WHERE network = :network!;

/* @name webhooksByStateOf */
SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS "state!", count(*) AS "n!"
  FROM webhooks WHERE user_id = :userId! AND deleted_at IS NULL GROUP BY 1;

/* @name deliveriesFailedSince */
-- failed since `since`, as its last attempt says, or its event's time for one never attempted
-- (:createdFrom, the event id floor of `since`: a delivery is created as its event is fanned out).
-- A delivery fails at an attempt, or when its endpoint is disabled or deleted: then one never
-- attempted was created seconds before, and one retrying was last attempted within its retries'
-- hours. :eventIdFrom bounds the scan.
SELECT count(*) AS "n!"
  FROM webhooks w
  JOIN webhook_deliveries d ON d.webhook_ref = w.ref
  LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true
 WHERE w.user_id = :userId! AND d.status = 'failed'
   AND d.event_id >= :eventIdFrom!
   AND (l.attempted_at >= :since!::timestamptz OR (l.attempted_at IS NULL AND d.event_id >= :createdFrom!));
