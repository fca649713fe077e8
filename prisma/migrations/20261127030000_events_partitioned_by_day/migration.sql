-- outbox_events, webhook_deliveries and webhook_attempts become partitioned by day, so retention
-- drops a whole day (a few KB of WAL) instead of deleting its rows one by one (~1 KB of WAL each).
-- The partition key of all three is the EVENT id: ids are ULIDs, whose first ten characters after
-- the prefix are the creation time, so a day is the id range [ulid_floor(day), ulid_floor(day + 1)).
-- An event's deliveries and attempts carry its id and so live in its day, and retire with it.
-- Keys include the partition key (PostgreSQL requires it): deliveries (id, event_id), attempts
-- (id, event_id) with a new event_id column; the foreign keys follow. The rows are copied, so this
-- takes ACCESS EXCLUSIVE on the three tables for a time proportional to their size.

-- The smallest id with this prefix minted at or after `at` (packages/core idFloor, in SQL).
CREATE FUNCTION ctxlog_ulid_floor(prefix text, at timestamptz) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  ms bigint := floor(extract(epoch FROM at) * 1000);
  t text := '';
BEGIN
  FOR i IN 1..10 LOOP
    t := substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (ms % 32)::int + 1, 1) || t;
    ms := ms / 32;
  END LOOP;
  RETURN prefix || '_' || t || repeat('0', 16);
END $$;

-- The creation time encoded in an id (packages/core idTimestamp), NULL for something else.
CREATE FUNCTION ctxlog_ulid_time(id text) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  t text := substring(id FROM '^[a-z]{2,16}_([0-9A-HJKMNP-TV-Z]{10})[0-9A-HJKMNP-TV-Z]{16}$');
  ms bigint := 0;
BEGIN
  IF t IS NULL OR left(t, 1) > '7' THEN RETURN NULL; END IF;
  FOR i IN 1..10 LOOP
    ms := ms * 32 + strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(t, i, 1)) - 1;
  END LOOP;
  RETURN to_timestamp(ms / 1000.0);
END $$;

-- Creates the day partitions of the three tables for every UTC day in [from_day, to_day] that has
-- none yet, and returns the days created. CREATE TABLE … PARTITION OF locks the parent briefly, so
-- a day that exists is skipped before anything is locked. A day whose range already holds rows in a default
-- partition (the worker was stopped longer than the days created ahead) is skipped: its rows
-- stay in the default partition, where they are read as usual and retired row by row.
CREATE FUNCTION ctxlog_create_event_partitions(from_day date, to_day date) RETURNS SETOF date
LANGUAGE plpgsql AS $$
DECLARE
  day date;
  lo text;
  hi text;
  tbl text;
  suffix text;
BEGIN
  FOR day IN SELECT generate_series(from_day, to_day, interval '1 day')::date LOOP
    suffix := '_p' || to_char(day, 'YYYYMMDD');
    CONTINUE WHEN to_regclass('outbox_events' || suffix) IS NOT NULL;
    lo := ctxlog_ulid_floor('evt', day::timestamp AT TIME ZONE 'UTC');
    hi := ctxlog_ulid_floor('evt', (day + 1)::timestamp AT TIME ZONE 'UTC');
    BEGIN
      FOREACH tbl IN ARRAY ARRAY['outbox_events', 'webhook_deliveries', 'webhook_attempts'] LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', tbl || suffix, tbl, lo, hi);
      END LOOP;
    EXCEPTION
      WHEN check_violation THEN
        RAISE WARNING 'ctxlog: % left in the default partitions (they hold rows of that day)', day;
        CONTINUE;
      WHEN duplicate_table THEN
        CONTINUE; -- another worker created that day meanwhile
    END;
    RETURN NEXT day;
  END LOOP;
END $$;

-- The tables as they were, out of the way: their constraints and indexes go (the names are reused).
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_fkey";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_fkey",
  DROP CONSTRAINT "webhook_deliveries_user_id_fkey", DROP CONSTRAINT "webhook_deliveries_webhook_id_fkey";
ALTER TABLE "outbox_events" DROP CONSTRAINT "outbox_events_user_id_fkey";
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";
ALTER TABLE "outbox_events" DROP CONSTRAINT "outbox_events_pkey";
DROP INDEX "outbox_events_created_at_idx", "outbox_events_fanned_out_at_created_at_idx",
  "outbox_events_user_id_event_id_idx", "outbox_events_user_id_id_idx",
  "webhook_attempts_delivery_id_cycle_number_key", "webhook_deliveries_event_id_idx",
  "webhook_deliveries_status_next_attempt_at_idx", "webhook_deliveries_webhook_id_event_id_key",
  "webhook_deliveries_webhook_id_id_idx", "webhook_deliveries_webhook_id_status_id_idx";
ALTER TABLE "outbox_events" RENAME TO "outbox_events_unpartitioned";
ALTER TABLE "webhook_deliveries" RENAME TO "webhook_deliveries_unpartitioned";
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_unpartitioned";

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "context_id" TEXT,
    "payload" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fanned_out_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "cycle" INTEGER NOT NULL DEFAULT 1,
    "response_status" INTEGER,
    "error_message" TEXT,
    "last_attempt_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id", "event_id")
) PARTITION BY RANGE ("event_id");

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "cycle" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,
    "request_url" TEXT,
    "request_headers" JSONB,
    "response_headers" JSONB,
    "response_body" TEXT,
    "response_body_truncated" BOOLEAN,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id", "event_id")
) PARTITION BY RANGE ("event_id");

-- Rows whose id is not a ULID of a created day (none are written by ctxlog) still have a place.
CREATE TABLE "outbox_events_default" PARTITION OF "outbox_events" DEFAULT;
CREATE TABLE "webhook_deliveries_default" PARTITION OF "webhook_deliveries" DEFAULT;
CREATE TABLE "webhook_attempts_default" PARTITION OF "webhook_attempts" DEFAULT;

-- Every day that has events, and today and the 7 days ahead (the webhook worker keeps 7 ahead).
SELECT count(*) FROM ctxlog_create_event_partitions(
  LEAST((now() AT TIME ZONE 'UTC')::date - 1,
        (SELECT min(ctxlog_ulid_time(id) AT TIME ZONE 'UTC')::date FROM "outbox_events_unpartitioned")),
  (now() AT TIME ZONE 'UTC')::date + 7);

INSERT INTO "outbox_events" (id, user_id, event, context_id, payload, created_at, fanned_out_at)
SELECT id, user_id, event, context_id, payload, created_at, fanned_out_at FROM "outbox_events_unpartitioned";
INSERT INTO "webhook_deliveries" (id, webhook_id, user_id, event_id, event, status, attempts, cycle, response_status,
                                  error_message, last_attempt_at, next_attempt_at, created_at, updated_at)
SELECT id, webhook_id, user_id, event_id, event, status, attempts, cycle, response_status,
       error_message, last_attempt_at, next_attempt_at, created_at, updated_at FROM "webhook_deliveries_unpartitioned";
INSERT INTO "webhook_attempts" (id, delivery_id, event_id, cycle, number, attempted_at, duration_ms, response_status,
                                error, request_url, request_headers, response_headers, response_body,
                                response_body_truncated)
SELECT a.id, a.delivery_id, d.event_id, a.cycle, a.number, a.attempted_at, a.duration_ms, a.response_status,
       a.error, a.request_url, a.request_headers, a.response_headers, a.response_body, a.response_body_truncated
  FROM "webhook_attempts_unpartitioned" a JOIN "webhook_deliveries_unpartitioned" d ON d.id = a.delivery_id;

DROP TABLE "webhook_attempts_unpartitioned", "webhook_deliveries_unpartitioned", "outbox_events_unpartitioned";

-- CreateIndex
CREATE INDEX "outbox_events_fanned_out_at_created_at_idx" ON "outbox_events"("fanned_out_at", "created_at");

-- CreateIndex
CREATE INDEX "outbox_events_user_id_id_idx" ON "outbox_events"("user_id", "id");

-- CreateIndex
CREATE INDEX "outbox_events_user_id_event_id_idx" ON "outbox_events"("user_id", "event", "id");

-- CreateIndex
CREATE INDEX "outbox_events_created_at_idx" ON "outbox_events"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_event_id_key" ON "webhook_deliveries"("webhook_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_id_idx" ON "webhook_deliveries"("webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_status_id_idx" ON "webhook_deliveries"("webhook_id", "status", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_event_id_cycle_number_key" ON "webhook_attempts"("delivery_id", "event_id", "cycle", "number");

-- AddForeignKey
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "outbox_events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_event_id_fkey" FOREIGN KEY ("delivery_id", "event_id") REFERENCES "webhook_deliveries"("id", "event_id") ON DELETE RESTRICT ON UPDATE CASCADE;
