-- An attempt is named by its delivery's key, (event_id, webhook_id), not by the delivery's id
-- (issue 37): the key is what every reader of attempts already holds (the worker, the API's
-- delivery, the rates, the retention), and a delivery's surrogate id is the next thing to go. The
-- primary key leads with event_id, the partition key, so the erasure's and the retention's
-- statements, which name only events, reach an event's attempts through it.
-- An attempt whose delivery no longer exists is unreachable (every reader finds attempts through
-- their delivery, and a day's events, deliveries and attempts are dropped together): it goes.
DROP VIEW "webhook_attempt_log";

ALTER TABLE "webhook_attempts" ADD COLUMN "webhook_id" TEXT;

UPDATE "webhook_attempts" AS a SET "webhook_id" = d."webhook_id"
  FROM "webhook_deliveries" AS d
 WHERE d."event_id" = a."event_id" AND d."id" = a."delivery_id";

DELETE FROM "webhook_attempts" WHERE "webhook_id" IS NULL;

ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey",
DROP COLUMN "delivery_id",
ALTER COLUMN "webhook_id" SET NOT NULL,
ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("event_id", "webhook_id", "cycle", "number");

-- Every attempt of every delivery, wherever it lives (packages/db/src/webhooks/stored-attempts.ts):
-- the first branch is a delivery's own row, the second webhook_attempts; a filter on
-- (event_id, webhook_id) reaches both by their keys.
CREATE VIEW "webhook_attempt_log" AS
SELECT d."event_id", d."webhook_id", 1 AS "cycle", 1 AS "number",
       d."first_attempted_at" AS "attempted_at", coalesce(d."first_duration_ms", 0) AS "duration_ms",
       d."first_response_status" AS "response_status", d."first_error" AS "error",
       d."first_exchange" AS "exchange", d."first_response_body" AS "response_body"
  FROM "webhook_deliveries" AS d
 WHERE d."first_attempted_at" IS NOT NULL
UNION ALL
SELECT a."event_id", a."webhook_id", a."cycle", a."number", a."attempted_at", a."duration_ms",
       a."response_status", a."error", a."exchange", a."response_body"
  FROM "webhook_attempts" AS a;
