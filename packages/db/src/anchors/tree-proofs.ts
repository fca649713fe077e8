/**
 * A context's Merkle proof has one source: its batch's tree (anchors.merkle_tree, written by the
 * claim; the data step anchor_trees gave it to batches claimed before), read out at the context's
 * leaf by the SQL function ctxlog_merkle_proof (migration 20261127163924) — a handful of nodes, not
 * the tree, only when a reader shows one. This is that read as an SQL expression, for readers that
 * join a context's batch as `a` (anchors) and know its leaf index as `leafIndex`: the proof in the
 * stored form (32-byte nodes concatenated; @ctxlog/core decodeProof), null without a tree.
 */
export const merkleProofSql = (leafIndex: string) =>
  `ctxlog_merkle_proof(a.merkle_tree, a.context_count, ${leafIndex})`;
