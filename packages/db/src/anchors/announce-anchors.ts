import { contextCreatedData } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { prismaSql, type SqlRunner } from "../sql-transaction";
import { recordContextEventsWith } from "./record-anchor-events";

/**
 * Points the anchors' pending contexts at each anchor's current transaction hash and, the first
 * time an anchor is known to be out (broadcast, or found mined), records one `context.created`
 * per context. Call inside the transaction that records that fact.
 */
export function announceAnchors(
  tx: DbOrTx,
  anchorIds: readonly string[],
): Promise<{ createdEvents: number }> {
  return announceWith(prismaSql(tx), anchorIds);
}

// The anchors are locked first (in id order), so whoever announces an anchor first is decided
// here, and a second announcer (another replica, the tracker) waits and then finds it announced.
const LOCK_ANCHORS_SQL = `
  SELECT id, sent_at IS NULL AS first FROM anchors WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`;
// Only rows whose hash changes are rewritten (a batch is announced at broadcast and again when
// found mined: the second finds nothing to do), and the rows rewritten come back with what their
// `context.created` carries, the body only for an anchor announced now: nothing is read twice. An
// anchor not announced yet has every pending row still without its hash (the claim cleared it,
// and only this statement, in the transaction that marks the anchor announced, sets it).
const POINT_AT_HASH_SQL = `
  UPDATE contexts AS c SET transaction_hash = a.transaction_hash, updated_at = now()
  FROM anchors AS a
  WHERE a.id = ANY($1::text[]) AND c.anchor_id = a.id AND c.status = 'pending'
    AND a.status IN ('sent', 'mined') AND c.transaction_hash IS DISTINCT FROM a.transaction_hash
  RETURNING c.anchor_id, c.id, c.user_id, c.agent_id, c.transaction_hash, c.context_hash,
    c.signature, c.created_at, c.estimated_confirmation,
    CASE WHEN c.anchor_id = ANY($2::text[]) THEN c.context_data END AS context_data,
    CASE WHEN c.anchor_id = ANY($2::text[]) THEN c.metadata END AS metadata,
    c.sequence, c.prev_entry_hash, c.entry_hash`;
const MARK_ANNOUNCED_SQL = `UPDATE anchors SET sent_at = now(), updated_at = now() WHERE id = ANY($1::text[])`;

interface AnnouncedRow {
  anchor_id: string;
  id: string;
  user_id: string;
  agent_id: string;
  transaction_hash: string;
  context_hash: string;
  signature: string;
  created_at: Date;
  estimated_confirmation: Date | null;
  context_data: unknown;
  metadata: unknown;
  sequence: number | null;
  prev_entry_hash: string | null;
  entry_hash: string | null;
}

export async function announceWith(
  sql: SqlRunner,
  anchorIds: readonly string[],
): Promise<{ createdEvents: number }> {
  const ids = [...new Set(anchorIds)];
  const locked = await sql<{ id: string; first: boolean }>(LOCK_ANCHORS_SQL, [ids]);
  const first = locked.filter((a) => a.first).map((a) => a.id);
  const pointed = await sql<AnnouncedRow>(POINT_AT_HASH_SQL, [ids, first]);
  if (first.length === 0) return { createdEvents: 0 };
  await sql(MARK_ANNOUNCED_SQL, [first]);
  const firstSet = new Set(first);
  const created = pointed.filter((c) => firstSet.has(c.anchor_id));
  await recordContextEventsWith(sql, "context.created", created, (c) =>
    contextCreatedData({
      id: c.id,
      agentId: c.agent_id,
      transactionHash: c.transaction_hash,
      contextHash: c.context_hash,
      signature: c.signature,
      createdAt: new Date(c.created_at),
      estimatedConfirmation: c.estimated_confirmation === null ? null : new Date(c.estimated_confirmation),
      contextData: c.context_data,
      metadata: c.metadata,
      sequence: c.sequence,
      prevEntryHash: c.prev_entry_hash,
      entryHash: c.entry_hash,
    }),
  );
  return { createdEvents: created.length };
}
