-- A context's status, defined once (issue 37). No column stores it any more: it is what the
-- lifecycle's transitions (@ctxlog/core CONTEXT_LIFECYCLE) wrote — failed_at by a failure,
-- a pending_contexts row by a receipt or a retry, a confirmed_contexts row by a confirmation —
-- read through ctxlog_context_status below by every reader. contexts.status had stayed `pending`
-- after a confirmation since migration 20261127164638, so it said nothing true on its own.
--
-- 1. Rows confirmed before confirmed_contexts (20261127164638) named their batch and leaf on their
--    own row: they get their confirmed_contexts row, as every context confirmed since has.
INSERT INTO "confirmed_contexts" ("id", "anchor_id", "leaf_index")
SELECT "id", "anchor_id", "leaf_index" FROM "contexts"
 WHERE "status" = 'confirmed' AND "failed_at" IS NULL AND "anchor_id" IS NOT NULL AND "leaf_index" IS NOT NULL
ON CONFLICT ("id") DO NOTHING;

-- 2. Every failure writes failed_at (migration 20261127135342 gave one to the failed rows without);
--    a failed row still without it is given its last update's time, and one still queued leaves
--    the queue (a failure takes the context out of it).
UPDATE "contexts" SET "failed_at" = "updated_at" WHERE "status" = 'failed' AND "failed_at" IS NULL;
DELETE FROM "pending_contexts" AS q USING "contexts" AS c WHERE c."id" = q."id" AND c."failed_at" IS NOT NULL;

-- 3. anchor_id now names only the batch a context failed in: a confirmed one's is in
--    confirmed_contexts, and a pending one's batch in flight lists it (anchors.context_ids; earlier
--    claims also wrote it on the row).
UPDATE "contexts" SET "anchor_id" = NULL WHERE "anchor_id" IS NOT NULL AND "failed_at" IS NULL;

-- 4. The status and the leaf index leave the row (the Merkle proof of rows confirmed before anchors
--    kept their tree stays in merkle_proof: see schema.prisma).
ALTER TABLE "contexts" DROP COLUMN "leaf_index",
DROP COLUMN "status";

-- 5. The one definition of a context's status, used by every reader in FROM:
--      FROM contexts AS c CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
--    failed when the row has failed_at, pending while it is queued, else confirmed. A set-returning
--    SQL function called in FROM is inlined by the planner (no call per row: the queue's probe
--    becomes a hashed subplan over a whole user's rows).
CREATE FUNCTION ctxlog_context_status(context_id text, failed_at timestamptz)
RETURNS TABLE (status "ContextStatus")
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN failed_at IS NOT NULL THEN 'failed'::"ContextStatus"
              WHEN EXISTS (SELECT 1 FROM pending_contexts AS q WHERE q.id = context_id) THEN 'pending'::"ContextStatus"
              ELSE 'confirmed'::"ContextStatus" END
$$;
