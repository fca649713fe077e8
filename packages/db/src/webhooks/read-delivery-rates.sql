/* @name attemptRatesOfWebhook */
-- one webhook's deliveries as a range of its key (webhook_ref, event_id) (ids are time-ordered), then
-- their attempts wherever each lives (webhook_attempt_log), counted per bucket of the window
WITH deliveries AS (
  SELECT d.event_id, d.webhook_ref FROM webhook_deliveries AS d
   WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)
     AND d.event_id >= :fromEventId! AND d.event_id < :toEventId!
)
SELECT floor((extract(epoch FROM a.attempted_at) * 1000 - :startMs!::float8) / :bucketMs!::float8)::int AS "bucket!",
       count(*)::int AS "attempts!", (count(*) FILTER (WHERE a.error IS NULL))::int AS "succeeded!"
  FROM deliveries AS d
  JOIN webhook_attempt_log AS a ON a.event_id = d.event_id AND a.webhook_ref = d.webhook_ref
 WHERE a.attempted_at >= :since!::timestamptz AND a.attempted_at < :until!::timestamptz
 GROUP BY 1;
