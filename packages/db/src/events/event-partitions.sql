/* @name eventPartitionSuffixes */
-- the day partitions of outbox_events (the three tables are created together), oldest first
SELECT substring(c.relname FROM '^outbox_events_p([0-9]{8})$') AS "suffix!"
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'outbox_events'::regclass AND c.relname ~ '^outbox_events_p[0-9]{8}$'
 ORDER BY 1;

/* @name createEventPartitions */
-- each day created as its UTC midnight (a date column would arrive as the driver's local midnight)
SELECT (d::timestamp AT TIME ZONE 'UTC') AS "day!" FROM ctxlog_create_event_partitions(:fromDay!::date, :toDay!::date) AS d;

/* @name deadlockTimeout */
SELECT setting::int AS "ms!" FROM pg_settings WHERE name = 'deadlock_timeout';

/* @name relationExists */
SELECT to_regclass(:name!::text) IS NOT NULL AS "found!";

/* @name lockEventTables */
-- Dropping a partition drops its foreign keys' triggers on the tables they reference (events and
-- deliveries → users, deliveries → webhooks), which takes those tables ACCESS EXCLUSIVE too: taken
-- first (see retireEventPartitions). ONLY: the parents themselves; the day's partitions are locked
-- by the DROPs.
LOCK TABLE users, webhooks, ONLY outbox_events, ONLY webhook_deliveries, ONLY webhook_attempts
  IN ACCESS EXCLUSIVE MODE;

/* @name eventDayBusy */
SELECT ctxlog_event_day_busy(:suffix!, :cutoff!::timestamptz) AS "busy!";

/* @name eventDayCounts */
SELECT events AS "events!", deliveries AS "deliveries!", attempts AS "attempts!"
  FROM ctxlog_event_day_counts(:suffix!);

/* @name dropEventDay */
SELECT 1 AS "dropped!" FROM ctxlog_drop_event_day(:suffix!);
