/* @name dueDeliveries */
-- pending deliveries due now, by (next_attempt_at, event_id, webhook_ref) after the previous page's
-- last (the partial index of pending deliveries, migration 20261201020000); each with its webhook's
-- id, and its ref, the page's position
SELECT d.event_id AS "eventId!", w.id AS "webhookId!", d.webhook_ref AS "webhookRef!",
       d.next_attempt_at AS "nextAttemptAt!"
  FROM webhook_deliveries AS d
  JOIN webhooks AS w ON w.ref = d.webhook_ref
 WHERE d.status = ANY(:due!::"DeliveryStatus"[]) AND d.next_attempt_at <= now()
   AND (:afterAt::timestamptz IS NULL
        OR (d.next_attempt_at, d.event_id, d.webhook_ref) > (:afterAt::timestamptz, :afterEventId::text, :afterWebhookRef::int))
 ORDER BY d.next_attempt_at, d.event_id, d.webhook_ref
 LIMIT :limit!;
