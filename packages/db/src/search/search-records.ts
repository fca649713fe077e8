import { AGENT_ID_PATTERN, isId } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";
import { bytesOfHex } from "../hex-columns";

export type SearchKind = "context" | "agent" | "webhook" | "delivery" | "event";
export type SearchMatch =
  | "context_id"
  | "context_hash"
  | "entry_hash"
  | "transaction_hash"
  | "agent_id"
  | "webhook_id"
  | "delivery_id"
  | "event_id";

export interface SearchHit {
  kind: SearchKind;
  id: string;
  matched: SearchMatch;
  /** a delivery's webhook (its page is under it); null otherwise */
  webhookId: string | null;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
/** A transaction anchors a whole batch: its contexts are listed up to this many. */
export const SEARCH_LIMIT = 20;

/**
 * What one pasted string names among one user's records: a context by id, context hash, entry
 * hash or transaction hash; an agent by name; a webhook, delivery or event by id. Each lookup is
 * one index probe — (context_hash), (entry_hash), anchors' (transaction_hash) then primary keys,
 * (user_id, agent_id, id) and primary keys — so the cost does not grow with the number of contexts.
 */
export async function searchRecords(db: PrismaClient, userId: string, query: string): Promise<SearchHit[]> {
  const q = query.trim();
  if (HASH.test(q)) {
    const hash = q.toLowerCase(); // the service writes hashes in lowercase
    const select = { id: true } as const;
    const [byContext, byEntry, byTransaction] = await Promise.all([
      db.context.findMany({
        where: { contextHash: bytesOfHex(hash), userId },
        select,
        take: SEARCH_LIMIT,
        orderBy: { id: "asc" },
      }),
      db.context.findMany({
        where: { entryHash: bytesOfHex(hash), userId },
        select,
        take: SEARCH_LIMIT,
        orderBy: { id: "asc" },
      }),
      // a context's transaction is its batch's: the anchor (by its own index), then its rows by id
      db.anchor
        .findMany({ where: { transactionHash: hash }, select: { contextIds: true }, take: SEARCH_LIMIT })
        .then((anchors) =>
          db.context.findMany({
            where: { id: { in: anchors.flatMap((a) => a.contextIds) }, userId },
            select,
            take: SEARCH_LIMIT,
            orderBy: { id: "asc" },
          }),
        ),
    ]);
    const hit =
      (matched: SearchMatch) =>
      (r: { id: string }): SearchHit => ({
        kind: "context",
        id: r.id,
        matched,
        webhookId: null,
      });
    return [
      ...byContext.map(hit("context_hash")),
      ...byEntry.map(hit("entry_hash")),
      ...byTransaction.map(hit("transaction_hash")),
    ];
  }
  const hits: SearchHit[] = [];
  const one = (kind: SearchKind, matched: SearchMatch, id: string, webhookId: string | null = null) =>
    hits.push({ kind, id, matched, webhookId });
  if (isId(q, "ctx") && (await db.context.findFirst({ where: { id: q, userId }, select: { id: true } }))) {
    one("context", "context_id", q);
  }
  if (
    isId(q, "whk") &&
    (await db.webhook.findFirst({ where: { id: q, userId, deletedAt: null }, select: { id: true } }))
  ) {
    one("webhook", "webhook_id", q);
  }
  if (isId(q, "dlv")) {
    // Through the user's webhooks: (webhook_id, id) is the only index that holds a delivery's id.
    const webhooks = await db.webhook.findMany({ where: { userId, deletedAt: null }, select: { id: true } });
    const d = await db.webhookDelivery.findFirst({
      where: { id: q, webhookId: { in: webhooks.map((w) => w.id) } },
      select: { webhookId: true },
    });
    if (d) one("delivery", "delivery_id", q, d.webhookId);
  }
  if (
    isId(q, "evt") &&
    (await db.outboxEvent.findFirst({ where: { id: q, userId }, select: { id: true } }))
  ) {
    one("event", "event_id", q);
  }
  if (AGENT_ID_PATTERN.test(q)) {
    const agent = await db.context.findFirst({ where: { userId, agentId: q }, select: { id: true } });
    if (agent) one("agent", "agent_id", q);
  }
  return hits;
}
