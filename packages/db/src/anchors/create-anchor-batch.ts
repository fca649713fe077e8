import { buildMerkleTree, newId } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";
import type { AnchorTarget } from "./anchor-target";

export interface CreatedAnchorBatch {
  anchorId: string;
  contextIds: string[];
  merkleRoot: string;
}

/**
 * Which contexts a batch claims: the given ids, or the `oldest` pending ones in arrival order
 * (creation time, then id), whoever's job named them.
 */
export type AnchorClaim = readonly string[] | { oldest: number };

/**
 * Claims contexts that are still pending and in no batch (the given ones, or the oldest), builds
 * their Merkle tree and writes the anchor with each context's leaf index and proof, all in one
 * transaction. A context another worker holds or claimed first (or one already batched) is
 * skipped (FOR UPDATE SKIP LOCKED), so a context is never in two live batches however many
 * replicas claim at once. Returns null when nothing was left to claim.
 */
export async function createAnchorBatch(
  db: PrismaClient,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  if ("oldest" in claim ? claim.oldest < 1 : claim.length === 0) return null;
  return db.$transaction(async (tx) => {
    // a chained context's leaf is its entry hash; one logged before logs were chained keeps its
    // context_hash (proof bundle version 1)
    const rows =
      "oldest" in claim
        ? await tx.$queryRaw<{ id: string; leaf: string }[]>`
      SELECT id, COALESCE(entry_hash, context_hash) AS leaf FROM contexts
      WHERE status = 'pending' AND anchor_id IS NULL
      ORDER BY created_at, id
      LIMIT ${claim.oldest}
      FOR UPDATE SKIP LOCKED`
        : await tx.$queryRaw<{ id: string; leaf: string }[]>`
      SELECT id, COALESCE(entry_hash, context_hash) AS leaf FROM contexts
      WHERE id = ANY(${claim as string[]}::text[]) AND status = 'pending' AND anchor_id IS NULL
      ORDER BY id
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return null;

    const tree = buildMerkleTree(rows.map((r) => r.leaf as `0x${string}`));
    const anchorId = newId("anc");
    await tx.anchor.create({
      data: { id: anchorId, ...target, merkleRoot: tree.root, contextCount: rows.length },
    });
    const ids = rows.map((r) => r.id);
    const leaf = rows.map((_, i) => i);
    const proofs = tree.proofs.map((p) => JSON.stringify(p));
    await tx.$executeRaw`
      UPDATE contexts AS c
      SET anchor_id = ${anchorId}, leaf_index = v.leaf,
          merkle_proof = ARRAY(SELECT jsonb_array_elements_text(v.proof::jsonb)), updated_at = now()
      FROM unnest(${ids}::text[], ${leaf}::int[], ${proofs}::text[]) AS v(id, leaf, proof)
      WHERE c.id = v.id`;
    return { anchorId, contextIds: ids, merkleRoot: tree.root };
  });
}
