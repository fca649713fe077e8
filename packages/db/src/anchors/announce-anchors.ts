import { contextCreatedData } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { prismaSql, type SqlRunner } from "../sql-transaction";
import { recordContextEventsWith } from "./record-anchor-events";

/**
 * The first time an anchor is known to be out (broadcast, or found mined), records one
 * `context.created` per pending context of it. Call inside the transaction that records that fact.
 * The contexts are read, not written: their transaction hash is the anchor's (read through it), so a
 * replacement transaction changes one anchor row, not thousands of context rows.
 */
export function announceAnchors(
  tx: DbOrTx,
  anchorIds: readonly string[],
): Promise<{ createdEvents: number }> {
  return announceWith(prismaSql(tx), anchorIds);
}

// Whoever announces an anchor first is decided by this statement: a second announcer (another
// replica, the tracker) waits on the row and then finds it announced. It takes the anchor's lock
// first, as every path that changes a batch does (then its transactions, then its contexts).
const MARK_ANNOUNCED_SQL = `
  UPDATE anchors SET sent_at = now(), updated_at = now()
  WHERE id = ANY($1::text[]) AND sent_at IS NULL AND status IN ('sent', 'mined')
  RETURNING id, transaction_hash`;
const CREATED_ROWS_SQL = `
  SELECT a.id AS anchor_id, c.id, c.user_id, c.agent_id, ctxlog_hex(c.context_hash) AS context_hash,
    ctxlog_hex(c.signature) AS signature, c.created_at,
    c.estimated_confirmation, c.sequence, ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash,
    ctxlog_hex(c.entry_hash) AS entry_hash
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)
  JOIN contexts AS c ON c.id = b.id
  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  WHERE a.id = ANY($1::text[]) AND s.status = 'pending'`;

interface CreatedRow {
  anchor_id: string;
  id: string;
  user_id: string;
  agent_id: string;
  context_hash: string;
  signature: string;
  created_at: Date;
  estimated_confirmation: Date | null;
  sequence: number | null;
  prev_entry_hash: string | null;
  entry_hash: string | null;
}

export async function announceWith(
  sql: SqlRunner,
  anchorIds: readonly string[],
): Promise<{ createdEvents: number }> {
  const ids = [...new Set(anchorIds)].sort();
  const announced = await sql<{ id: string; transaction_hash: string }>(MARK_ANNOUNCED_SQL, [ids]);
  if (announced.length === 0) return { createdEvents: 0 };
  const hashOf = new Map(announced.map((a) => [a.id, a.transaction_hash]));
  const created = await sql<CreatedRow>(CREATED_ROWS_SQL, [[...hashOf.keys()]]);
  await recordContextEventsWith(sql, "context.created", created, (c) =>
    contextCreatedData({
      id: c.id,
      agentId: c.agent_id,
      transactionHash: hashOf.get(c.anchor_id) ?? null,
      contextHash: c.context_hash,
      signature: c.signature,
      createdAt: new Date(c.created_at),
      estimatedConfirmation: c.estimated_confirmation === null ? null : new Date(c.estimated_confirmation),
      // not read: the stored event is a template the delivery completes from the row
      // (event-references.ts), so the data is kept once, on the context
      contextData: null,
      metadata: null,
      sequence: c.sequence,
      prevEntryHash: c.prev_entry_hash,
      entryHash: c.entry_hash,
    }),
  );
  return { createdEvents: created.length };
}
