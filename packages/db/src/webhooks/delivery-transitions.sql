/* @name createDeliveries */
-- each webhook named by its ref in the row (webhooks.ref, migration 20261201020000), by its id here
WITH created AS (
  INSERT INTO webhook_deliveries (webhook_ref, event_id, status, error_message, next_attempt_at)
  SELECT w.ref, t.event_id,
         CASE WHEN t.disabled THEN :disabledTo!::"DeliveryStatus" ELSE :to!::"DeliveryStatus" END,
         CASE WHEN t.disabled THEN :disabledError!::text END,
         CASE WHEN t.disabled THEN NULL ELSE now() END
    FROM unnest(:webhookIds!::text[], :eventIds!::text[], :disabled!::boolean[]) AS t(webhook_id, event_id, disabled)
    JOIN webhooks AS w ON w.id = t.webhook_id
  ON CONFLICT (webhook_ref, event_id) DO NOTHING
  RETURNING event_id, webhook_ref, status
)
SELECT c.event_id AS "eventId!", w.id AS "webhookId!", c.status = :to!::"DeliveryStatus" AS "due!"
  FROM created AS c JOIN webhooks AS w ON w.ref = c.webhook_ref;

/* @name createTestDeliveryRow */
INSERT INTO webhook_deliveries (webhook_ref, event_id, status, next_attempt_at)
SELECT ref, :eventId!, :to!::"DeliveryStatus", :now!::timestamptz FROM webhooks WHERE id = :webhookId!;

/* @name recordDeliveryAttempts */
WITH input AS (
  SELECT * FROM unnest(
    :webhookIds!::text[], :cycles!::int[], :attemptedAt!::timestamptz[], :finishedAt!::timestamptz[],
    :durationsMs!::int[], :responseStatuses!::int[], :errors!::text[], :oks!::boolean[],
    :exchanges!::text[], :responseBodies!::text[], :eventIds!::text[]
  ) AS i(webhook_id, cycle, attempted_at, finished_at, duration_ms, response_status, error, ok,
         exchange, response_body, event_id)
), updated AS (
  UPDATE webhook_deliveries AS d
     SET attempts = d.attempts + 1,
         status = CASE WHEN i.ok THEN :succeedTo!::"DeliveryStatus"
                       WHEN d.attempts + 1 >= :maxAttempts!::int THEN :exhaustTo!::"DeliveryStatus"
                       ELSE :failAttemptTo!::"DeliveryStatus" END,
         error_message = i.error,
         -- the first attempt of cycle 1 (none made yet) stays in the row, its columns NULL until then
         -- (where an attempt lives: stored-attempts.ts; written here, with the transition, in one UPDATE)
         first_attempted_at = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.attempted_at ELSE d.first_attempted_at END,
         first_duration_ms = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.duration_ms ELSE d.first_duration_ms END,
         first_response_status = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.response_status
                                      ELSE d.first_response_status END,
         first_error = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.error ELSE d.first_error END,
         first_exchange = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN decode(i.exchange, 'base64')
                               ELSE d.first_exchange END,
         first_response_body = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.response_body
                                    ELSE d.first_response_body END,
         next_attempt_at = CASE WHEN i.ok OR d.attempts + 1 >= :maxAttempts!::int THEN NULL
           ELSE i.finished_at + (:retryDelaysMs!::int[])[d.attempts + 1] * interval '1 millisecond' END
    FROM input AS i, webhooks AS w
   -- by the key (a probe of (webhook_ref, event_id)), within the batch's days
   WHERE w.id = i.webhook_id AND d.webhook_ref = w.ref AND d.event_id = i.event_id AND d.cycle = i.cycle
     AND d.status = ANY(:from!::"DeliveryStatus"[])
     AND d.event_id BETWEEN :lo!::text AND :hi!::text
RETURNING d.event_id, d.webhook_ref, w.id AS webhook_id, d.attempts, d.status, d.next_attempt_at,
          ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS endpoint_state,
          i.cycle, i.attempted_at, i.duration_ms, i.response_status, i.error, i.exchange, i.response_body
), logged AS (
  -- every attempt but the first of cycle 1 (kept in the delivery's row)
  INSERT INTO webhook_attempts (event_id, webhook_ref, cycle, number, attempted_at, duration_ms, response_status,
                                error, exchange, response_body)
  SELECT event_id, webhook_ref, cycle, attempts, attempted_at, duration_ms, response_status, error,
         decode(exchange, 'base64'), response_body FROM updated
   WHERE NOT (cycle = 1 AND attempts = 1)
)
SELECT event_id AS "event_id!", webhook_id AS "webhook_id!", attempts AS "attempts!", status AS "status!",
       next_attempt_at, endpoint_state AS "endpoint_state!"
  FROM updated;

/* @name abandonDeliveryRows */
UPDATE webhook_deliveries AS d
   SET status = :to!::"DeliveryStatus", error_message = :reason!, next_attempt_at = NULL
  FROM unnest(:webhookIds!::text[], :eventIds!::text[]) AS k(webhook_id, event_id), webhooks AS w
 WHERE w.id = k.webhook_id AND d.webhook_ref = w.ref AND d.event_id = k.event_id
   AND d.status = ANY(:from!::"DeliveryStatus"[])
RETURNING d.event_id;

/* @name abandonDeliveriesOfWebhook */
-- one webhook's: its ref as a value (a subquery), each partition's key probed by it
UPDATE webhook_deliveries
   SET status = :to!::"DeliveryStatus", error_message = :reason!, next_attempt_at = NULL
 WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND status = ANY(:from!::"DeliveryStatus"[])
RETURNING event_id;

/* @name retryFailedDelivery */
UPDATE webhook_deliveries
   SET status = :to!::"DeliveryStatus", attempts = 0, cycle = cycle + 1, next_attempt_at = now()
 WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND event_id = :eventId!
   AND status = ANY(:from!::"DeliveryStatus"[])
RETURNING event_id;

/* @name retryRetryingDeliveryNow */
UPDATE webhook_deliveries
   SET status = :to!::"DeliveryStatus", next_attempt_at = now()
 WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND event_id = :eventId!
   AND status = ANY(:from!::"DeliveryStatus"[])
   AND ctxlog_delivery_state(status, attempts) = ANY(:fromStates!::text[])
RETURNING event_id;

/* @name recoverDeliveryRows */
UPDATE webhook_deliveries AS d
   SET status = :to!::"DeliveryStatus", attempts = 0, cycle = d.cycle + 1, next_attempt_at = now()
  FROM webhooks AS w, outbox_events AS e
 WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND w.ref = d.webhook_ref
   AND d.status = ANY(:from!::"DeliveryStatus"[]) AND e.user_id = w.user_id AND e.id = d.event_id
   AND e.created_at >= :since!::timestamptz
   AND (:until::timestamptz IS NULL OR e.created_at < :until::timestamptz)
RETURNING d.event_id AS "eventId!", w.id AS "webhookId!";
