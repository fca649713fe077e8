/* @name claimExpiredEvents */
-- fanned out, recorded before the cutoff, no delivery pending; SKIP LOCKED: workers share the work
-- and none waits on the fan-out
SELECT e.id, e.user_id FROM outbox_events e
 WHERE e.created_at < :cutoff!::timestamptz
   AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)
   AND NOT EXISTS (SELECT 1 FROM webhooks w JOIN webhook_deliveries d ON d.webhook_ref = w.ref
                    WHERE w.user_id = e.user_id AND d.event_id = e.id AND d.status = 'pending')
 ORDER BY e.created_at
 LIMIT :limit!::int
   FOR UPDATE SKIP LOCKED;

/* @name claimExpiredDefaultPartitionEvents */
-- claimExpiredEvents among the events of the default partition only (ids outside every day)
SELECT e.id, e.user_id FROM outbox_events_default e
 WHERE e.created_at < :cutoff!::timestamptz
   AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)
   AND NOT EXISTS (SELECT 1 FROM webhooks w JOIN webhook_deliveries d ON d.webhook_ref = w.ref
                    WHERE w.user_id = e.user_id AND d.event_id = e.id AND d.status = 'pending')
 ORDER BY e.created_at
 LIMIT :limit!::int
   FOR UPDATE SKIP LOCKED;

/* @name lockDeliveriesOfEvents */
-- by their key: the events' users' webhooks (deleted ones too: their deliveries stay) and the events
SELECT event_id, status::text AS "status!", first_attempted_at IS NOT NULL AS "first!"
  FROM webhook_deliveries
 WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))
   AND event_id = ANY(:eventIds!::text[])
   FOR UPDATE;

/* @name deleteAttemptsOfEvents */
-- by the events alone: every delivery of an event purged goes with it (all locked above), and
-- event_id, the partition key, leads the attempts' key
WITH deleted AS (
  DELETE FROM webhook_attempts WHERE event_id = ANY(:eventIds!::text[])
  RETURNING 1)
SELECT count(*)::int AS "count!" FROM deleted;

/* @name deleteDeliveriesOfEvents */
DELETE FROM webhook_deliveries
 WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))
   AND event_id = ANY(:eventIds!::text[]);

/* @name deleteEventsOf */
-- by their key, each event's user and id
DELETE FROM outbox_events AS e
 USING unnest(:userIds!::text[], :eventIds!::text[]) AS k(user_id, id)
 WHERE e.user_id = k.user_id AND e.id = k.id;
