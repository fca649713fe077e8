-- A delivery's event name is its event's (issue 37, storage per context): outbox_events.event, found
-- by the delivery's key (event_id) wherever a delivery is read with its name (the API's delivery and
-- list, the worker's targets, through get-delivery.sql, list-deliveries.sql and
-- load-delivery-targets.sql). The copy in each delivery's row was 16 of its ~356 bytes (bench:storage,
-- four deliveries a context: 60 bytes a context compact). A delivery never outlives its event: the
-- retention job deletes an event with its deliveries and attempts, and a day's partitions go together.
--
-- The fan-out copied the name from the event, so nothing is lost; an upgrade that finds a delivery
-- whose name is not its event's, or whose event is gone, stops here and changes nothing (the check
-- reads every delivery once, beside its event: stop the processes first, as docs/operations.md's
-- Upgrades says for the release's other migrations).
DO $$
DECLARE
  odd record;
BEGIN
  SELECT d."id", d."event", e."event" AS "named" INTO odd
    FROM "webhook_deliveries" AS d
    LEFT JOIN "outbox_events" AS e ON e."id" = d."event_id"
   WHERE e."id" IS NULL OR e."event" <> d."event"
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'delivery % is of %, but its event is %: not dropping webhook_deliveries.event',
      odd."id", odd."event", coalesce(odd."named", 'gone');
  END IF;
END $$;

ALTER TABLE "webhook_deliveries" DROP COLUMN "event";
