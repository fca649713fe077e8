import { buildMerkleLevels, CONFIRMED_REFERENCE, newId } from "@ctxlog/core";
import { confirmContextsOfBatch } from "../contexts/context-transitions";
import { insertOutboxRows } from "../events/record-event";
import type { DbOrTx } from "../prisma-types";
import type { SqlRunner } from "../sql-transaction";
import { inSqlTransaction } from "../sql-transaction";
import { confirmAnchorRowAt } from "./anchor-transitions";

// A batch claimed before anchors kept their tree: its leaves, in leaf order, to build it from.
const BATCH_LEAVES_SQL = `
  SELECT ctxlog_hex(COALESCE(c.entry_hash, c.context_hash)) AS leaf
    FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
    JOIN contexts AS c ON c.id = b.id
   WHERE a.id = $1
   ORDER BY b.n`;

/**
 * Gives an anchor claimed before anchors kept their tree the tree its leaves build, which must be
 * its root's: a batch whose rows do not give its root (leaves never change: corruption) is not
 * confirmed on them.
 */
async function keepTreeOf(sql: SqlRunner, anchorId: string, merkleRoot: string): Promise<void> {
  const leaves = await sql<{ leaf: string }>(BATCH_LEAVES_SQL, [anchorId]);
  const tree = leaves.length > 0 ? buildMerkleLevels(leaves.map((r) => r.leaf as `0x${string}`)) : null;
  if (tree?.root !== merkleRoot.toLowerCase())
    throw new Error(`anchor ${anchorId}: its ${leaves.length} rows do not give its root ${merkleRoot}`);
  await sql("UPDATE anchors SET merkle_tree = $2 WHERE id = $1", [anchorId, tree.levels]);
}

/**
 * The anchor reached the required depth on the canonical chain: its pending contexts become
 * confirmed, each with one `context.confirmed` (stored as a template: its data, proof included, is
 * rendered from the row and the anchor at delivery). Exactly once: the status guard makes a second
 * call (another replica, a re-run) a no-op.
 */
export async function confirmAnchor(
  db: DbOrTx,
  anchorId: string,
  blockHash: string,
  confirmations: number,
): Promise<{ confirmed: number }> {
  return inSqlTransaction(db, async (sql) => {
    // anchor-transitions.ts' `confirm`: the anchor keeps the depth it was confirmed at; its
    // contexts show it, with its block, through it
    const anchor = await confirmAnchorRowAt(sql, anchorId, blockHash, confirmations);
    if (!anchor) return { confirmed: 0 };
    if (anchor.without_tree) await keepTreeOf(sql, anchorId, anchor.merkle_root);
    // its contexts still queued are confirmed (context-transitions.ts' `confirm`): no context row
    // is written, each gets its batch and leaf in confirmed_contexts
    const rows = await confirmContextsOfBatch(sql, anchorId);
    const now = new Date();
    await insertOutboxRows(
      sql,
      rows.map((r) => ({
        id: newId("evt"),
        userId: r.user_id,
        event: "context.confirmed",
        contextId: r.id,
        // the envelope is all this row's: event, created_at as its timestamp, context id
        payload: CONFIRMED_REFERENCE,
        createdAt: now,
        queued: true,
      })),
    );
    return { confirmed: rows.length };
  });
}
