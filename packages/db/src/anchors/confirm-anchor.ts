import { buildMerkleTree, contextConfirmedData, decodeProof } from "@ctxlog/core";
import { confirmationSeconds } from "../contexts/context-view";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction, type SqlRunner } from "../sql-transaction";
import type { AnchorProof } from "./anchor-target";
import { recordContextEventsWith } from "./record-anchor-events";

// The anchor keeps the depth it was confirmed at; its contexts show it, with its block, through it.
const CONFIRM_ANCHOR_SQL = `
  UPDATE anchors SET status = 'confirmed', confirmations = $3, confirmed_at = now(), updated_at = now()
  WHERE id = $1 AND status = 'mined' AND block_hash = $2 AND NOT reverted
  RETURNING merkle_root, chain_id, network, registry_address, transaction_hash,
    block_number::text AS block_number, block_timestamp, gas_used::text AS gas_used, context_count,
    confirmed_at`;
// The one write of a context after its claim: its status. Nothing else of the row changes, and the
// rows come back with what their event carries (not their bodies), so nothing is read again.
const CONFIRM_CONTEXTS_SQL = `
  UPDATE contexts AS c SET status = 'confirmed', updated_at = now()
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)
  WHERE a.id = $1 AND c.id = b.id AND c.anchor_id = a.id AND c.status = 'pending'
  RETURNING c.id, c.user_id, c.agent_id, c.context_hash, c.leaf_index,
    COALESCE(c.entry_hash, c.context_hash) AS leaf, c.created_at, c.sequence, c.prev_entry_hash,
    c.entry_hash`;

interface ConfirmedAnchorRow {
  merkle_root: string;
  chain_id: number;
  network: string;
  registry_address: string;
  transaction_hash: string;
  block_number: string;
  block_timestamp: Date;
  gas_used: string;
  context_count: number;
  confirmed_at: Date;
}

interface ConfirmedContextRow {
  id: string;
  user_id: string;
  agent_id: string;
  context_hash: string;
  leaf_index: number | null;
  leaf: string;
  created_at: Date;
  sequence: number | null;
  prev_entry_hash: string | null;
  entry_hash: string | null;
}

/**
 * Each row's Merkle proof, rebuilt from the batch's leaves in leaf order: the same tree the claim
 * built and stored (same leaves, same order), and cheaper than reading thousands of stored proofs
 * back. Only when every leaf of the batch is here and the root is the anchor's; else (a batch some
 * of whose rows are no longer pending) the stored proofs are read.
 */
async function proofsOf(
  sql: SqlRunner,
  anchor: ConfirmedAnchorRow,
  rows: readonly ConfirmedContextRow[],
): Promise<Map<string, string[]>> {
  const leaves: string[] = new Array(rows.length);
  for (const r of rows) {
    if (r.leaf_index === null || r.leaf_index >= rows.length || leaves[r.leaf_index] !== undefined) break;
    leaves[r.leaf_index] = r.leaf;
  }
  const complete = rows.length === Number(anchor.context_count) && !leaves.includes(undefined as never);
  if (complete) {
    const tree = buildMerkleTree(leaves as `0x${string}`[]);
    if (tree.root === anchor.merkle_root.toLowerCase()) {
      return new Map(rows.map((r) => [r.id, tree.proofs[r.leaf_index as number] as string[]]));
    }
  }
  const stored = await sql<{ id: string; merkle_proof: Uint8Array | null }>(
    "SELECT id, merkle_proof FROM contexts WHERE id = ANY($1::text[])",
    [rows.map((r) => r.id)],
  );
  return new Map(stored.map((r) => [r.id, decodeProof(r.merkle_proof)]));
}

/**
 * The anchor reached the required depth on the canonical chain: its pending contexts become
 * confirmed, each with one `context.confirmed` carrying its proof. Exactly once: the status
 * guard makes a second call (another replica, a re-run) a no-op.
 */
export async function confirmAnchor(
  db: DbOrTx,
  anchorId: string,
  blockHash: string,
  confirmations: number,
): Promise<{ confirmed: number }> {
  return inSqlTransaction(db, async (sql) => {
    const [anchor] = await sql<ConfirmedAnchorRow>(CONFIRM_ANCHOR_SQL, [anchorId, blockHash, confirmations]);
    if (!anchor) return { confirmed: 0 };
    const rows = await sql<ConfirmedContextRow>(CONFIRM_CONTEXTS_SQL, [anchorId]);
    const proofs = await proofsOf(sql, anchor, rows);
    const blockNumber = BigInt(anchor.block_number);
    const blockTimestamp = new Date(anchor.block_timestamp);
    const gasUsed = BigInt(anchor.gas_used);
    const confirmedAt = new Date(anchor.confirmed_at);
    await recordContextEventsWith(sql, "context.confirmed", rows, (c) => {
      const proof: AnchorProof = {
        leaf_index: c.leaf_index ?? 0,
        merkle_proof: proofs.get(c.id) ?? [],
        merkle_root: anchor.merkle_root,
        chain_id: Number(anchor.chain_id),
        network: anchor.network,
        registry_address: anchor.registry_address,
      };
      return contextConfirmedData(
        {
          id: c.id,
          agentId: c.agent_id,
          transactionHash: anchor.transaction_hash,
          contextHash: c.context_hash,
          blockNumber,
          blockTimestamp,
          confirmations,
          network: anchor.network,
          gasUsed,
          // as every reader derives it from the anchor (context-view.ts)
          confirmationTimeSeconds: confirmationSeconds(new Date(c.created_at), confirmedAt),
          sequence: c.sequence,
          prevEntryHash: c.prev_entry_hash,
          entryHash: c.entry_hash,
        },
        { proof },
      );
    });
    return { confirmed: rows.length };
  });
}
