-- The statements of retireEventPartitions (packages/db/src/events/event-partitions.ts) that name one
-- day's partitions (`<table>_pYYYYMMDD`, migration 20261127030000_events_partitioned_by_day): an
-- identifier is no parameter, so they are these functions, called from event-partitions.sql (SQL is
-- written in .sql files only: docs/sql.md). Each takes the day's suffix, `_pYYYYMMDD`, and refuses
-- any other text.

CREATE FUNCTION ctxlog_event_day_suffix(day_suffix text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF day_suffix IS NULL OR day_suffix !~ '^_p[0-9]{8}$' THEN
    RAISE EXCEPTION 'ctxlog: % is no day partition suffix (_pYYYYMMDD)', day_suffix
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN day_suffix;
END $$;

-- Whether anything of the day is still to be done: an event not fanned out, an event recorded at or
-- after the cutoff, or a pending delivery (retries included).
CREATE FUNCTION ctxlog_event_day_busy(day_suffix text, cutoff timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  s text := ctxlog_event_day_suffix(day_suffix);
  busy boolean;
BEGIN
  EXECUTE format(
    'SELECT EXISTS (SELECT 1 FROM unfanned_events u JOIN %I e ON e.id = u.id)
         OR EXISTS (SELECT 1 FROM %I WHERE created_at >= $1)
         OR EXISTS (SELECT 1 FROM %I WHERE status = ''pending'')',
    'outbox_events' || s, 'outbox_events' || s, 'webhook_deliveries' || s)
    INTO busy USING cutoff;
  RETURN busy;
END $$;

-- The rows the day holds, per table; a delivery's first attempt is in its row.
CREATE FUNCTION ctxlog_event_day_counts(day_suffix text, OUT events int, OUT deliveries int, OUT attempts int)
LANGUAGE plpgsql AS $$
DECLARE
  s text := ctxlog_event_day_suffix(day_suffix);
BEGIN
  EXECUTE format(
    'SELECT (SELECT count(*) FROM %I)::int,
            (SELECT count(*) FROM %I)::int,
            (SELECT count(*) FROM %I)::int + (SELECT count(*) FROM %I WHERE first_attempted_at IS NOT NULL)::int',
    'outbox_events' || s, 'webhook_deliveries' || s, 'webhook_attempts' || s, 'webhook_deliveries' || s)
    INTO events, deliveries, attempts;
END $$;

-- Drops the day's three partitions. Attempts reference deliveries, which reference events: a
-- referenced partition is detached first (PostgreSQL checks that nothing references it any more),
-- then dropped. The caller holds the parents' locks (event-partitions.sql, lockEventTables).
CREATE FUNCTION ctxlog_drop_event_day(day_suffix text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s text := ctxlog_event_day_suffix(day_suffix);
BEGIN
  EXECUTE format('DROP TABLE %I', 'webhook_attempts' || s);
  EXECUTE format('ALTER TABLE webhook_deliveries DETACH PARTITION %I', 'webhook_deliveries' || s);
  EXECUTE format('DROP TABLE %I', 'webhook_deliveries' || s);
  EXECUTE format('ALTER TABLE outbox_events DETACH PARTITION %I', 'outbox_events' || s);
  EXECUTE format('DROP TABLE %I', 'outbox_events' || s);
END $$;
