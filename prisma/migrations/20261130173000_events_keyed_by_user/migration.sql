-- An event is keyed by its user and id (issue 37: ~100 bytes a context compact). outbox_events had
-- two indexes that each held every id: its key (id) and (user_id, id) for a user's events newest
-- first. Every reader knows the event's user — the API's reads are the user's, a delivery's event is
-- its webhook's user's, and the fan-out's queue now says whose each event is — so (user_id, id) is
-- the key, and the index on id alone is gone. A partitioned table's key must hold its partition key
-- (id): it does.
ALTER TABLE "unfanned_events" ADD COLUMN "user_id" TEXT;
UPDATE "unfanned_events" AS u SET "user_id" = e."user_id" FROM "outbox_events" AS e WHERE e."id" = u."id";
-- An event and its queue row are written in one statement and the queue row goes first (the purge
-- claims only events out of the queue): a queue row without its event cannot be; stop if one is.
DO $$
DECLARE
  orphan text;
BEGIN
  SELECT "id" INTO orphan FROM "unfanned_events" WHERE "user_id" IS NULL LIMIT 1;
  IF orphan IS NOT NULL THEN
    RAISE EXCEPTION 'unfanned_events % names no event: the fan-out''s queue and its events disagree', orphan;
  END IF;
END $$;
ALTER TABLE "unfanned_events" ALTER COLUMN "user_id" SET NOT NULL;

ALTER TABLE "outbox_events" DROP CONSTRAINT "outbox_events_pkey";
DROP INDEX "outbox_events_user_id_id_idx";
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("user_id", "id");

-- A day is busy while one of its events waits in the fan-out's queue: found by the event's key now.
CREATE OR REPLACE FUNCTION ctxlog_event_day_busy(day_suffix text, cutoff timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  s text := ctxlog_event_day_suffix(day_suffix);
  busy boolean;
BEGIN
  EXECUTE format(
    'SELECT EXISTS (SELECT 1 FROM unfanned_events u JOIN %I e ON e.user_id = u.user_id AND e.id = u.id)
         OR EXISTS (SELECT 1 FROM %I WHERE created_at >= $1)
         OR EXISTS (SELECT 1 FROM %I WHERE status = ''pending'')',
    'outbox_events' || s, 'outbox_events' || s, 'webhook_deliveries' || s)
    INTO busy USING cutoff;
  RETURN busy;
END $$;
