import { contextConfirmedData } from "@ctxlog/core";
import { confirmationSeconds } from "../contexts/context-view";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import type { AnchorProof } from "./anchor-target";
import { proofsOfBatch } from "./in-flight-anchors";
import { recordContextEventsWith } from "./record-anchor-events";

// The anchor keeps the depth it was confirmed at; its contexts show it, with its block, through it.
const CONFIRM_ANCHOR_SQL = `
  UPDATE anchors SET status = 'confirmed', confirmations = $3, confirmed_at = now(), updated_at = now()
  WHERE id = $1 AND status = 'mined' AND block_hash = $2 AND NOT reverted
  RETURNING merkle_root, chain_id, network, registry_address, transaction_hash,
    block_number::text AS block_number, block_timestamp, gas_used::text AS gas_used, context_count,
    confirmed_at`;
// The batch's rows in leaf order (its context_ids), every one of them: the tree is rebuilt from all
// its leaves. `pending` marks those this confirmation writes (a row claimed before claims stopped
// writing it names this anchor already).
const BATCH_ROWS_SQL = `
  SELECT c.id, c.user_id, c.agent_id, c.context_hash, (b.n - 1)::int AS leaf_index,
    COALESCE(c.entry_hash, c.context_hash) AS leaf, c.created_at, c.sequence, c.prev_entry_hash,
    c.entry_hash, c.status = 'pending' AND (c.anchor_id IS NULL OR c.anchor_id = a.id) AS pending
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
  JOIN contexts AS c ON c.id = b.id
  WHERE a.id = $1
  ORDER BY b.n`;
// The one write of a context by the chain worker: its status, with where it sits in the batch and
// its proof (the transaction, block and confirmation stay the anchor's, read through anchor_id).
// No index names a column it changes, so it is a HOT update whenever the page has room (contexts'
// fillfactor: docs/operations.md). The rows leave the queue with it.
const CONFIRM_CONTEXTS_SQL = `
  WITH confirmed AS (
    UPDATE contexts AS c
    SET status = 'confirmed', anchor_id = $1, leaf_index = v.n, merkle_proof = decode(v.proof, 'hex'),
      updated_at = now()
    FROM unnest($2::text[], $3::int[], $4::text[]) AS v(id, n, proof)
    WHERE c.id = v.id AND c.status = 'pending'
    RETURNING c.id),
  dequeued AS (DELETE FROM pending_contexts AS q USING confirmed AS d WHERE q.id = d.id)
  SELECT id FROM confirmed`;

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

interface BatchRow {
  id: string;
  user_id: string;
  agent_id: string;
  context_hash: string;
  leaf_index: number;
  leaf: string;
  created_at: Date;
  sequence: number | null;
  prev_entry_hash: string | null;
  entry_hash: string | null;
  pending: boolean;
}

/** Every row's Merkle proof; a batch whose rows do not give its root is not confirmed on them. */
function proofsOf(anchorId: string, anchor: ConfirmedAnchorRow, rows: readonly BatchRow[]): string[][] {
  const proofs =
    rows.length === Number(anchor.context_count)
      ? proofsOfBatch(
          rows.map((r) => r.leaf),
          anchor.merkle_root,
        )
      : null;
  if (!proofs)
    throw new Error(`anchor ${anchorId}: its ${rows.length} rows do not give its root ${anchor.merkle_root}`);
  return proofs;
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
    const batch = await sql<BatchRow>(BATCH_ROWS_SQL, [anchorId]);
    const proofs = proofsOf(anchorId, anchor, batch);
    const pending = batch.filter((r) => r.pending);
    const written = await sql<{ id: string }>(CONFIRM_CONTEXTS_SQL, [
      anchorId,
      pending.map((r) => r.id),
      pending.map((r) => r.leaf_index),
      pending.map((r) => proofs[r.leaf_index]?.map((node) => node.slice(2)).join("") ?? ""),
    ]);
    const confirmedIds = new Set(written.map((r) => r.id));
    const rows = pending.filter((r) => confirmedIds.has(r.id));
    const blockNumber = BigInt(anchor.block_number);
    const blockTimestamp = new Date(anchor.block_timestamp);
    const gasUsed = BigInt(anchor.gas_used);
    const confirmedAt = new Date(anchor.confirmed_at);
    await recordContextEventsWith(sql, "context.confirmed", rows, (c) => {
      const proof: AnchorProof = {
        leaf_index: c.leaf_index,
        merkle_proof: proofs[c.leaf_index] ?? [],
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
