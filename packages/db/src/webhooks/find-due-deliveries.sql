/* @name dueDeliveries */
-- pending deliveries due now, by (next_attempt_at, event_id, webhook_id) after the previous page's last
-- (the partial index of pending deliveries, migration 20261130233000)
SELECT event_id AS "eventId!", webhook_id AS "webhookId!", next_attempt_at AS "nextAttemptAt!"
  FROM webhook_deliveries
 WHERE status = ANY(:due!::"DeliveryStatus"[]) AND next_attempt_at <= now()
   AND (:afterAt::timestamptz IS NULL
        OR (next_attempt_at, event_id, webhook_id) > (:afterAt::timestamptz, :afterEventId::text, :afterWebhookId::text))
 ORDER BY next_attempt_at, event_id, webhook_id
 LIMIT :limit!;
