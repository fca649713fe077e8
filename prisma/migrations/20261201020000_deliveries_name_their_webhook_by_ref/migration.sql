-- A delivery and an attempt name their webhook by a 4-byte number of the webhook's, `ref`, not by
-- its id's 31 bytes of text (issue 37, storage per context): every delivery's row and key entry
-- held the webhook's id, four deliveries a context with two webhooks. Measured on a scratch table
-- of 100,000 deliveries shaped like ours, compact: heap 215.6 → 190.5 bytes a row, key 86.7 → 59.3
-- (≈ −210 bytes a context). The webhook's id stays its one public name: the API's paths, jobs and
-- events carry it, and the statements join webhooks for it (webhooks are few, their rows cached).
-- The ref is never shown.
-- Rewriting every delivery and attempt reads and writes every partition under an ACCESS EXCLUSIVE
-- lock, like the release's other migrations: stop every process, migrate, start (docs/operations.md,
-- Upgrades). The rows rewritten here keep the dropped column's bytes until rewritten again (a day's
-- partition is dropped whole by the retention; VACUUM FULL reclaims them sooner).
ALTER TABLE "webhooks" ADD COLUMN "ref" SERIAL NOT NULL;
CREATE UNIQUE INDEX "webhooks_ref_key" ON "webhooks"("ref");

DROP VIEW "webhook_attempt_log";
DROP INDEX "webhook_deliveries_due_idx";
DROP INDEX "webhook_deliveries_failed_idx";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_id_fkey";

ALTER TABLE "webhook_deliveries" ADD COLUMN "webhook_ref" INTEGER;
UPDATE "webhook_deliveries" AS d SET "webhook_ref" = w."ref" FROM "webhooks" AS w WHERE w."id" = d."webhook_id";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey",
DROP COLUMN "webhook_id",
ALTER COLUMN "webhook_ref" SET NOT NULL,
ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("webhook_ref", "event_id");

-- every attempt's delivery exists (migration 20261130230000 dropped the others), and with it its webhook
ALTER TABLE "webhook_attempts" ADD COLUMN "webhook_ref" INTEGER;
UPDATE "webhook_attempts" AS a SET "webhook_ref" = w."ref" FROM "webhooks" AS w WHERE w."id" = a."webhook_id";
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey",
DROP COLUMN "webhook_id",
ALTER COLUMN "webhook_ref" SET NOT NULL,
ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("event_id", "webhook_ref", "cycle", "number");

ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_ref_fkey" FOREIGN KEY ("webhook_ref")
  REFERENCES "webhooks"("ref") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "event_id", "webhook_ref")
  WHERE "status" = 'pending';
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" ("webhook_ref", "event_id")
  WHERE "status" = 'failed';

-- Every attempt of every delivery, wherever it lives (packages/db/src/webhooks/stored-attempts.ts):
-- the first branch is a delivery's own row, the second webhook_attempts; a filter on
-- (event_id, webhook_ref) reaches both by their keys.
CREATE VIEW "webhook_attempt_log" AS
SELECT d."event_id", d."webhook_ref", 1 AS "cycle", 1 AS "number",
       d."first_attempted_at" AS "attempted_at", coalesce(d."first_duration_ms", 0) AS "duration_ms",
       d."first_response_status" AS "response_status", d."first_error" AS "error",
       d."first_exchange" AS "exchange", d."first_response_body" AS "response_body"
  FROM "webhook_deliveries" AS d
 WHERE d."first_attempted_at" IS NOT NULL
UNION ALL
SELECT a."event_id", a."webhook_ref", a."cycle", a."number", a."attempted_at", a."duration_ms",
       a."response_status", a."error", a."exchange", a."response_body"
  FROM "webhook_attempts" AS a;
