import { buildMerkleTree, newId } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
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

// a chained context's leaf is its entry hash; one logged before logs were chained keeps its
// context_hash (proof bundle version 1). The oldest pending rows come from contexts_pending_idx; those
// already in a batch (at most the batches in flight) are skipped on the row.
const CLAIM_OLDEST_SQL = `
  SELECT id, COALESCE(entry_hash, context_hash) AS leaf FROM contexts
  WHERE status = 'pending' AND anchor_id IS NULL
  ORDER BY created_at, id
  LIMIT $1
  FOR UPDATE SKIP LOCKED`;
const CLAIM_IDS_SQL = `
  SELECT id, COALESCE(entry_hash, context_hash) AS leaf FROM contexts
  WHERE id = ANY($1::text[]) AND status = 'pending' AND anchor_id IS NULL
  ORDER BY id
  FOR UPDATE SKIP LOCKED`;
// context_ids, in leaf order, is how the batch's rows are found again (contexts has no index on
// anchor_id, so that the claim below changes no indexed column).
const INSERT_ANCHOR_SQL = `
  INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,
    context_count, context_ids, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], now())`;
// Each proof travels as the hex of its nodes' bytes, concatenated (how merkle_proof holds it:
// 32 bytes a node), decoded once by PostgreSQL; the leaf index
// is the position in the arrays. This is the row's claim, a HOT update (no indexed column changes,
// and the table's fillfactor leaves room on the page); after it the chain worker writes the row once
// more at most, its final status (the transaction and block are the anchor's, read through it).
const WRITE_PROOFS_SQL = `
  UPDATE contexts AS c
  SET anchor_id = $1, leaf_index = v.n - 1, merkle_proof = decode(v.proof, 'hex'), updated_at = now()
  FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS v(id, proof, n)
  WHERE c.id = v.id`;

/**
 * Claims contexts that are still pending and in no batch (the given ones, or the oldest), builds
 * their Merkle tree and writes the anchor with each context's leaf index and proof, all in one
 * transaction of four statements whatever the batch's size. A context another worker holds or
 * claimed first (or one already batched) is skipped (FOR UPDATE SKIP LOCKED), so a context is never
 * in two live batches however many replicas claim at once. Returns null when nothing was left to
 * claim.
 */
export async function createAnchorBatch(
  db: DbOrTx,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  if ("oldest" in claim ? claim.oldest < 1 : claim.length === 0) return null;
  return inSqlTransaction(db, async (sql) => {
    const rows =
      "oldest" in claim
        ? await sql<{ id: string; leaf: string }>(CLAIM_OLDEST_SQL, [claim.oldest])
        : await sql<{ id: string; leaf: string }>(CLAIM_IDS_SQL, [claim]);
    if (rows.length === 0) return null;

    const tree = buildMerkleTree(rows.map((r) => r.leaf as `0x${string}`));
    const anchorId = newId("anc");
    const ids = rows.map((r) => r.id);
    await sql(INSERT_ANCHOR_SQL, [
      anchorId,
      target.signerAddress,
      target.chainId,
      target.network,
      target.registryAddress,
      tree.root,
      rows.length,
      ids,
    ]);
    await sql(WRITE_PROOFS_SQL, [
      anchorId,
      ids,
      tree.proofs.map((p) => p.map((node) => node.slice(2)).join("")),
    ]);
    return { anchorId, contextIds: ids, merkleRoot: tree.root };
  });
}
