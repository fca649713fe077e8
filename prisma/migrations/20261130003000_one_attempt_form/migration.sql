-- One stored form per delivery attempt (issue 37; packages/db/src/webhooks/stored-attempts.ts owns
-- where an attempt lives, @ctxlog/core attempt-exchange.ts and attempt-request-headers.ts its form):
-- what an attempt sent and got back is its `exchange`, whose request headers are in their packed
-- form. The forms written before — attempts with `request_url`, `request_headers`,
-- `response_headers` and `response_body_truncated` instead of an exchange, and exchanges (in
-- webhook_attempts or a delivery's first_exchange) holding the headers as a whole map or in the
-- hex-signature format 1 — are rewritten into it by the data step `attempt_forms`
-- (packages/db/src/data-steps/attempt-forms.ts), which runs right after this migration; the next
-- migration (20261130003100_attempts_in_one_place) drops the four columns.
COMMENT ON COLUMN "webhook_attempts"."exchange" IS
  'What the attempt sent and got back (packages/core/src/webhooks/attempt-exchange.ts, request headers packed: attempt-request-headers.ts); NULL when nothing was sent and nothing came back';

-- Every attempt of every delivery, wherever it lives (stored-attempts.ts): what readers read (the
-- attempt log, the delivery rates, the data step). The first branch is a delivery's own row, the
-- second webhook_attempts; a filter on (delivery_id, event_id) reaches both by their keys.
CREATE VIEW "webhook_attempt_log" AS
SELECT d."id" AS "delivery_id", d."event_id", 1 AS "cycle", 1 AS "number",
       d."first_attempted_at" AS "attempted_at", coalesce(d."first_duration_ms", 0) AS "duration_ms",
       d."first_response_status" AS "response_status", d."first_error" AS "error",
       d."first_exchange" AS "exchange", d."first_response_body" AS "response_body"
  FROM "webhook_deliveries" AS d
 WHERE d."first_attempted_at" IS NOT NULL
UNION ALL
SELECT a."delivery_id", a."event_id", a."cycle", a."number", a."attempted_at", a."duration_ms",
       a."response_status", a."error", a."exchange", a."response_body"
  FROM "webhook_attempts" AS a;
