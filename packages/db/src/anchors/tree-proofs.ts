import type { DbOrTx } from "../prisma-types";

/** What a stored row needs for its proof to be read out of its batch's tree. */
interface ProvableRow {
  id: string;
  anchorId: string | null;
  leafIndex: number | null;
  merkleProof: Uint8Array | null;
}

/**
 * The same SQL expression for raw readers: a row's own proof (rows confirmed before anchors kept
 * their tree), else the one its anchor's tree holds at its leaf (`c`: contexts, `a`: its anchor).
 */
export const MERKLE_PROOF_SQL =
  "COALESCE(c.merkle_proof, ctxlog_merkle_proof(a.merkle_tree, a.context_count, c.leaf_index))";

/**
 * Gives each row placed in a batch (anchor and leaf index) but holding no proof of its own the
 * proof its batch's tree holds for its leaf, in the stored form (32-byte nodes concatenated). A
 * confirmation writes no proof into the row: the claim kept the tree in the anchor (migration
 * 20261127163924), and a proof is read out of it — a handful of nodes, not the tree — only when a
 * reader shows one. One query, only when some row needs it.
 */
export async function attachTreeProofs<R extends ProvableRow>(db: DbOrTx, rows: R[]): Promise<R[]> {
  const ids = rows
    .filter((r) => r.merkleProof === null && r.leafIndex !== null && r.anchorId !== null)
    .map((r) => r.id);
  if (ids.length === 0) return rows;
  const found = await db.$queryRaw<{ id: string; proof: Uint8Array | null }[]>`
    SELECT c.id, ctxlog_merkle_proof(a.merkle_tree, a.context_count, c.leaf_index) AS proof
      FROM contexts AS c JOIN anchors AS a ON a.id = c.anchor_id
     WHERE c.id = ANY(${ids}::text[])`;
  const proofOf = new Map(found.map((r) => [r.id, r.proof]));
  return rows.map((r) => {
    const proof = proofOf.get(r.id);
    return proof ? { ...r, merkleProof: proof } : r;
  });
}
