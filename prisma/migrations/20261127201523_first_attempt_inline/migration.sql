-- A delivery's first attempt lives in its row (issue 28). Recording an attempt rewrites the
-- delivery's row anyway (status, attempts, next attempt), and most deliveries are made once: a
-- webhook_attempts row for that attempt cost ~370 bytes a delivery as written — its own tuple, the
-- delivery and event ids again, and a primary-key entry — for ~160 bytes of attempt. The first
-- attempt of cycle 1 now fills these columns in the same UPDATE (same meaning as webhook_attempts'
-- columns; `first_exchange` is its `exchange`); later attempts, retries' cycles, and first attempts
-- recorded before this migration stay rows of webhook_attempts, and readers merge the two
-- (@ctxlog/db read-attempt-log.ts). Adding NULL columns rewrites nothing.
ALTER TABLE "webhook_deliveries"
  ADD COLUMN "first_attempted_at" TIMESTAMPTZ(3),
  ADD COLUMN "first_duration_ms" INTEGER,
  ADD COLUMN "first_response_status" INTEGER,
  ADD COLUMN "first_error" TEXT,
  ADD COLUMN "first_exchange" BYTEA,
  ADD COLUMN "first_response_body" TEXT;
