-- A context's transaction, block, gas, confirmations and confirmation time are its anchor's: they
-- are read through contexts.anchor_id (packages/db/src/contexts/context-view.ts) instead of being
-- copied into every row of the batch, which rewrote each row twice more after its claim (a new row
-- version and an entry in each of its indexes per rewrite). The one write of a row after its claim
-- is now its status (confirmed or failed).
--
-- What moves: the depth at confirmation, the only one of these fields the anchor did not hold (the
-- confirming statement copied transaction hash, block, gas and confirmed_at from the anchor row in
-- the same transaction, so they are already there, equal).
ALTER TABLE "anchors" ADD COLUMN "confirmations" INTEGER;

UPDATE "anchors" AS a SET "confirmations" = c.depth
FROM (
  SELECT "anchor_id", max("confirmations") AS depth FROM "contexts"
  WHERE "status" = 'confirmed' AND "anchor_id" IS NOT NULL
  GROUP BY "anchor_id"
) AS c
WHERE a."id" = c."anchor_id";

-- Nothing is dropped that the anchor does not hold: a confirmed row whose copy differs from its
-- anchor (written by hand, or by a version of the worker that did not copy them together) stops the
-- migration rather than losing its values.
DO $$
DECLARE
  differing text;
BEGIN
  SELECT c."id" INTO differing
  FROM "contexts" AS c LEFT JOIN "anchors" AS a ON a."id" = c."anchor_id"
  WHERE c."status" = 'confirmed' AND (
    a."id" IS NULL
    OR c."transaction_hash" IS DISTINCT FROM a."transaction_hash"
    OR c."block_number" IS DISTINCT FROM a."block_number"
    OR c."block_timestamp" IS DISTINCT FROM a."block_timestamp"
    OR c."gas_used" IS DISTINCT FROM a."gas_used"
    OR c."confirmed_at" IS DISTINCT FROM a."confirmed_at"
    OR c."confirmations" IS DISTINCT FROM a."confirmations")
  LIMIT 1;
  IF differing IS NOT NULL THEN
    RAISE EXCEPTION 'context % holds chain fields its anchor does not: not dropping them', differing;
  END IF;
END $$;

ALTER TABLE "contexts" DROP COLUMN "block_number",
DROP COLUMN "block_timestamp",
DROP COLUMN "confirmation_time_seconds",
DROP COLUMN "confirmations",
DROP COLUMN "confirmed_at",
DROP COLUMN "gas_used",
DROP COLUMN "transaction_hash";
