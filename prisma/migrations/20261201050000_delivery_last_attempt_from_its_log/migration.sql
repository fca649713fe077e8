-- A delivery's last attempt is read from its attempts (issue 37, one stored form per thing; storage
-- per context): a delivery row kept response_status and last_attempt_at, copies of its last
-- attempt's, which is its first (first_*, in the same row) for nearly every delivery and otherwise
-- its latest row of webhook_attempts. ctxlog_last_attempt is the one rule that reads it, through
-- webhook_attempt_log (which knows where an attempt lives): the latest by (cycle, number), none
-- when none was made. After a manual retry it is still the previous cycle's last, as the columns
-- were. 12 bytes a delivery (16 with the row's alignment), four deliveries a context in the bench.
-- error_message stays: it also holds why a delivery was abandoned, which no attempt says.
CREATE FUNCTION ctxlog_last_attempt(delivery_event_id text, delivery_webhook_ref integer)
RETURNS TABLE (attempted_at timestamptz, response_status integer) LANGUAGE sql STABLE AS $$
  SELECT l.attempted_at, l.response_status
    FROM webhook_attempt_log AS l
   WHERE l.event_id = delivery_event_id AND l.webhook_ref = delivery_webhook_ref
   ORDER BY l.cycle DESC, l.number DESC
   LIMIT 1
$$;

-- The rows already there: the columns are dropped once each row's copy agrees with its attempts
-- (one that does not stops the upgrade, naming it, and nothing is dropped).
DO $$
DECLARE
  differing text;
BEGIN
  SELECT d."event_id" || ' at webhook ref ' || d."webhook_ref" INTO differing
    FROM "webhook_deliveries" AS d
    LEFT JOIN LATERAL ctxlog_last_attempt(d."event_id", d."webhook_ref") AS l ON true
   WHERE d."last_attempt_at" IS DISTINCT FROM l.attempted_at
      OR d."response_status" IS DISTINCT FROM l.response_status
   LIMIT 1;
  IF differing IS NOT NULL THEN
    RAISE EXCEPTION 'delivery of event % has a last attempt other than its attempts say', differing;
  END IF;
END $$;

ALTER TABLE "webhook_deliveries" DROP COLUMN "response_status", DROP COLUMN "last_attempt_at";
