-- The chain worker's claim of a context (its batch, leaf index and Merkle proof) becomes a HOT
-- update: a new version of the row on the same page and no entry in any index. For that, the claim
-- must change no indexed column, and the page must have room for the new version.
--
-- 1. A batch's rows are found through the batch (anchors.context_ids, in leaf order), not through an
--    index on contexts.anchor_id. Existing batches get their list from their rows.
ALTER TABLE "anchors" ADD COLUMN "context_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

UPDATE "anchors" AS a SET "context_ids" = c.ids
FROM (
  SELECT "anchor_id", array_agg("id" ORDER BY "leaf_index", "id") AS ids FROM "contexts"
  WHERE "anchor_id" IS NOT NULL
  GROUP BY "anchor_id"
) AS c
WHERE a."id" = c."anchor_id";

DROP INDEX "contexts_anchor_id_idx";

-- 2. Pending rows oldest first, for the claim (which skips the ones already in a batch on the row
--    itself: at most the batches in flight), the reconciler and the oldest-pending gauge. The
--    predicate names status only, which the claim does not change. It replaces both the unbatched
--    index (whose predicate named anchor_id) and the (status, created_at) index, which served only
--    pending rows. Prisma's schema cannot declare a partial index; the schema engine leaves it alone.
CREATE INDEX "contexts_pending_idx" ON "contexts" ("created_at", "id") WHERE "status" = 'pending';
DROP INDEX "contexts_unbatched_idx";
DROP INDEX "contexts_status_created_at_idx";

-- 3. Room on each page for the claimed version of its rows (~0.9 KiB more: the proof). Applies to
--    pages written from now on; a VACUUM FULL or pg_repack rewrites older ones if wanted.
ALTER TABLE "contexts" SET (fillfactor = 60);

-- 4. No query looks events up by context (GET /v1/events pages by user, the fan-out by fanned_out_at,
--    retention by created_at): the chain worker writes two events per context, and each paid an
--    entry in this index.
DROP INDEX "outbox_events_context_id_idx";
