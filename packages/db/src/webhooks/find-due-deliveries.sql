/* @name dueDeliveries */
-- pending deliveries due now, by (next_attempt_at, id) after the previous page's last (the partial index
-- of pending deliveries, migration 20261127071000)
SELECT id AS "id!", event_id AS "eventId!", next_attempt_at AS "nextAttemptAt!"
  FROM webhook_deliveries
 WHERE status = ANY(:due!::"DeliveryStatus"[]) AND next_attempt_at <= now()
   AND (:afterAt::timestamptz IS NULL OR (next_attempt_at, id) > (:afterAt::timestamptz, :afterId::text))
 ORDER BY next_attempt_at, id
 LIMIT :limit!;
