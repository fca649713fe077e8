-- One source for a context's Merkle proof (issue 37): its batch's tree (anchors.merkle_tree, kept
-- by every claim since migration 20261127163924), read through ctxlog_merkle_proof at the leaf
-- index confirmed_contexts gives it. Contexts confirmed before kept a copy of their proof in their
-- own row; the data step `anchor_trees` (packages/db/src/data-steps/anchor-trees.ts), run right
-- after migration 20261129120744, gave every batch that can give a proof (all but failed ones) its
-- tree, rebuilt from its leaves and checked against its root. No reader reads the row's copy now.
ALTER TABLE "contexts" DROP COLUMN "merkle_proof";
