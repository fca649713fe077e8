-- A confirmed context names its batch by a 4-byte number of the anchor's, `ref`, not by its id's
-- 31 bytes of text (issue 37, storage per context), as a delivery names its webhook since
-- 20261201020000: every confirmed context's row held its anchor's id. Measured on a scratch table
-- of 100,000 rows shaped like ours, compact: heap 101.2 → 68.3 bytes a row (its one index, the
-- context's id, unchanged). The anchor's id stays its one public name: the API, jobs and events
-- carry it, and the statements join anchors on the ref for it (anchors are few, one a batch). The
-- ref is never shown.
-- Still no foreign key (schema.prisma, ConfirmedContext): the confirmation reads the ref off the
-- anchor's row in the statement that writes these rows, and a check would cost it a trigger and a
-- probe per context.
-- Rewriting every confirmed_contexts row takes an ACCESS EXCLUSIVE lock, and earlier code writes
-- and reads anchor_id: stop every process, migrate, start (docs/operations.md, Upgrades). The rows
-- rewritten here keep the dropped column's bytes, and nothing rewrites a confirmed context's row
-- again: `VACUUM FULL confirmed_contexts` afterwards reclaims them (and the old versions).

-- A row whose anchor does not exist would lose its batch: the upgrade stops, naming it, and
-- nothing is changed.
DO $$
DECLARE
  orphan record;
BEGIN
  SELECT m."id", m."anchor_id" INTO orphan
    FROM "confirmed_contexts" AS m
   WHERE NOT EXISTS (SELECT 1 FROM "anchors" AS a WHERE a."id" = m."anchor_id")
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'context % is confirmed in anchor %, which does not exist', orphan."id", orphan."anchor_id";
  END IF;
END $$;

ALTER TABLE "anchors" ADD COLUMN "ref" SERIAL NOT NULL;
CREATE UNIQUE INDEX "anchors_ref_key" ON "anchors"("ref");

DROP VIEW ctxlog_context_references;

ALTER TABLE "confirmed_contexts" ADD COLUMN "anchor_ref" INTEGER;
UPDATE "confirmed_contexts" AS m SET "anchor_ref" = a."ref" FROM "anchors" AS a WHERE a."id" = m."anchor_id";
ALTER TABLE "confirmed_contexts" DROP COLUMN "anchor_id",
ALTER COLUMN "anchor_ref" SET NOT NULL;

-- As 20261130062000_tree_head_anchors created it, its batch found by ref: the one the context was
-- confirmed in (m), else the one its row failed in (f, by the id contexts.anchor_id keeps), as
-- COALESCE(m.anchor_id, c.anchor_id) named it before.
CREATE VIEW ctxlog_context_references AS
SELECT c.id, c.agent_id, c.context_hash, c.signature, c.created_at, c.sequence, c.prev_entry_hash,
       c.entry_hash, c.canonical_data, c.data_erased_at,
       ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) AS merkle_proof,
       m.leaf_index,
       a.id AS anchor_id, a.transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
       a.confirmations, a.network, a.gas_used::text AS gas_used, a.confirmed_at, a.merkle_root,
       a.chain_id, a.registry_address, a.tree_size
  FROM contexts AS c
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS f ON f.id = c.anchor_id
  LEFT JOIN anchors AS a ON a.ref = COALESCE(m.anchor_ref, f.ref);
