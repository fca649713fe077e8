import type { DbOrTx } from "../prisma-types";

/** What a row needs for its proof to be read out of its batch's tree. */
interface ProvableRow {
  id: string;
  anchorId: string | null;
  leafIndex: number | null;
  merkleProof: Uint8Array | null;
}

/**
 * The same for raw readers, as an SQL expression: a row's own proof (rows confirmed before anchors
 * kept their tree), else the one its anchor's tree holds at `leafIndex` (`c`: contexts, `a`: its
 * anchor).
 */
export const merkleProofSql = (leafIndex: string) =>
  `COALESCE(c.merkle_proof, ctxlog_merkle_proof(a.merkle_tree, a.context_count, ${leafIndex}))`;

/**
 * Gives each row placed in a batch (anchor and leaf index: its own, or as `attachBatches` found
 * them, so call it after) but holding no proof of its own the proof its batch's tree holds for its
 * leaf, in the stored form (32-byte nodes concatenated). No proof is written into a row: the claim
 * keeps the tree in the anchor (migration 20261127163924), and a proof is read out of it — a
 * handful of nodes, not the tree — only when a reader shows one. One query, only when some row
 * needs it.
 */
export async function attachTreeProofs<R extends ProvableRow>(db: DbOrTx, rows: R[]): Promise<R[]> {
  const placed = rows.filter((r) => r.merkleProof === null && r.leafIndex !== null && r.anchorId !== null);
  if (placed.length === 0) return rows;
  const found = await db.$queryRaw<{ id: string; proof: Uint8Array | null }[]>`
    SELECT v.id, ctxlog_merkle_proof(a.merkle_tree, a.context_count, v.leaf_index) AS proof
      FROM unnest(${placed.map((r) => r.id)}::text[], ${placed.map((r) => r.anchorId)}::text[],
                  ${placed.map((r) => r.leafIndex)}::int[]) AS v(id, anchor_id, leaf_index)
      JOIN anchors AS a ON a.id = v.anchor_id`;
  const proofOf = new Map(found.map((r) => [r.id, r.proof]));
  return rows.map((r) => {
    const proof = proofOf.get(r.id);
    return proof ? { ...r, merkleProof: proof } : r;
  });
}
