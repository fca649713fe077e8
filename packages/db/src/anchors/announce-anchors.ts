import { contextCreatedData } from "@ctxlog/core";
import { hexOf, hexOrNull } from "../hex-columns";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { markAnnounced, pendingContextsOfAnchors } from "./announce-anchors.queries";
import { recordContextEventsWith } from "./record-anchor-events";

/**
 * The first time an anchor is known to be out (broadcast, or found mined), records one
 * `context.created` per pending context of it. Call inside the transaction that records that fact.
 * The contexts are read, not written: their transaction hash is the anchor's (read through it), so a
 * replacement transaction changes one anchor row, not thousands of context rows.
 */
export async function announceWith(
  sql: SqlRunner,
  anchorIds: readonly string[],
): Promise<{ createdEvents: number }> {
  const ids = [...new Set(anchorIds)].sort();
  const announced = await runQuery(markAnnounced, { ids }, sql);
  if (announced.length === 0) return { createdEvents: 0 };
  const hashOf = new Map(announced.map((a) => [a.id, hexOrNull(a.transaction_hash)]));
  const created = await runQuery(pendingContextsOfAnchors, { ids: [...hashOf.keys()] }, sql);
  await recordContextEventsWith(sql, "context.created", created, (c) =>
    contextCreatedData({
      id: c.id,
      agentId: c.agent_id,
      transactionHash: hashOf.get(c.anchor_id) ?? null,
      contextHash: hexOf(c.context_hash),
      signature: hexOf(c.signature),
      createdAt: c.created_at,
      estimatedConfirmation: c.estimated_confirmation,
      // not read: the stored event is a template the delivery completes from the row
      // (event-references.ts), so the data is kept once, on the context
      contextData: null,
      metadata: null,
      sequence: c.sequence,
      prevEntryHash: hexOrNull(c.prev_entry_hash),
      entryHash: hexOrNull(c.entry_hash),
    }),
  );
  return { createdEvents: created.length };
}
