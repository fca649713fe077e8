import { CONFIRMED_REFERENCE, newId } from "@ctxlog/core";
import { confirmContextsOfBatch } from "../contexts/context-transitions";
import { insertOutboxRows } from "../events/record-event";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import { confirmAnchorRowAt } from "./anchor-transitions";

/**
 * The anchor reached the required depth on the canonical chain: its pending contexts become
 * confirmed, each with one `context.confirmed` (stored as its reference, event-references.ts: its
 * data, proof included, is rendered from the row and the anchor at delivery). Exactly once: the
 * status guard makes a second call (another replica, a re-run) a no-op.
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
    if (!(await confirmAnchorRowAt(sql, anchorId, blockHash, confirmations))) return { confirmed: 0 };
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
