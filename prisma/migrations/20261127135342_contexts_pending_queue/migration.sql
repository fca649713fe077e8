-- Pending contexts leave `contexts`' indexes (issues 23 and 28): a context's confirmation then
-- changes no indexed column, so it can be a HOT update — a new version of the row on the same
-- page, no entry in any of its indexes — when the page has room for it (see 3).
--
-- 1. The queue: contexts not yet confirmed or failed, written with the context and deleted with its
--    final status. The chain worker claims from it oldest first (by id: ids are time-ordered), the
--    reconciler re-enqueues from it, each user's pending count and the oldest-pending gauges read it.
CREATE TABLE "pending_contexts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,

    CONSTRAINT "pending_contexts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "pending_contexts_user_id_id_idx" ON "pending_contexts"("user_id", "id");

INSERT INTO "pending_contexts" ("id", "user_id")
SELECT "id", "user_id" FROM "contexts" WHERE "status" = 'pending';

-- 2. No index of contexts names status any more: lists by status scan (user_id, id) newest first
--    (pending rows are the newest, confirmed ones nearly all the rest), counts read the queue, and
--    failed rows, few, have a partial index on a column the confirmation does not change (every
--    failure writes failed_at; a failed row without it is given its last update's time).
UPDATE "contexts" SET "failed_at" = "updated_at" WHERE "status" = 'failed' AND "failed_at" IS NULL;
DROP INDEX "contexts_user_id_status_id_idx";
DROP INDEX "contexts_pending_idx";
CREATE INDEX "contexts_failed_idx" ON "contexts" ("user_id", "id") WHERE "failed_at" IS NOT NULL;

-- 3. Bytes first: pages filled (fillfactor 100, the default). The claim no longer writes the row, so
--    the room kept for its version (60) would only serve HOT confirmations, and a confirmation's
--    version is a whole copy of the row: measured (bench:storage, bench:ingest, 2026-11-27), 45 made
--    65 % of them HOT and took ~16 % off the chain worker's PostgreSQL CPU, for ~500 more bytes per
--    context as written and twice the heap once compacted. docs/operations.md says how to choose.
ALTER TABLE "contexts" SET (fillfactor = 100);
