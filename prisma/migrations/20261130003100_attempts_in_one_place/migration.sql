-- Each attempt in one place (issue 37; packages/db/src/webhooks/stored-attempts.ts): a delivery's
-- first attempt (cycle 1, number 1) in its row's first_* columns (migration
-- 20261127201523_first_attempt_inline), every other one a row of webhook_attempts. First attempts
-- recorded as rows before that migration move into their delivery's row here, and their rows go.
-- The data step attempt_forms (after 20261130003000_one_attempt_form) has rewritten every attempt
-- into its exchange: the four columns of the form before are dropped. (The view webhook_attempt_log,
-- migration 20261130003000_one_attempt_form, reads neither.)
UPDATE "webhook_deliveries" AS d
   SET "first_attempted_at" = a."attempted_at", "first_duration_ms" = a."duration_ms",
       "first_response_status" = a."response_status", "first_error" = a."error",
       "first_exchange" = a."exchange", "first_response_body" = a."response_body"
  FROM "webhook_attempts" AS a
 WHERE a."cycle" = 1 AND a."number" = 1 AND a."event_id" = d."event_id" AND a."delivery_id" = d."id"
   AND d."first_attempted_at" IS NULL;

DELETE FROM "webhook_attempts" AS a
 USING "webhook_deliveries" AS d
 WHERE a."cycle" = 1 AND a."number" = 1 AND a."event_id" = d."event_id" AND a."delivery_id" = d."id"
   AND d."first_attempted_at" = a."attempted_at";

-- AlterTable
ALTER TABLE "webhook_attempts" DROP COLUMN "request_headers",
DROP COLUMN "request_url",
DROP COLUMN "response_body_truncated",
DROP COLUMN "response_headers";
