-- The chain worker claims pending contexts in no batch, oldest first (created_at, id), a batch at
-- a time. This partial index holds exactly those rows in that order, so a claim reads only what it
-- takes, whatever the backlog of batched-but-unconfirmed rows and whatever the table's statistics
-- say (on a table filled faster than autovacuum analyzes it, the planner otherwise chose a bitmap
-- scan of every pending row and a sort, per claim). A row leaves the index when it is claimed.
-- Prisma's schema cannot declare a partial index; the schema engine leaves it alone.
CREATE INDEX "contexts_unbatched_idx" ON "contexts" ("created_at", "id")
  WHERE "status" = 'pending' AND "anchor_id" IS NULL;
