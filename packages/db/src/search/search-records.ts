import { AGENT_ID_PATTERN, eventIdOfDelivery, isId } from "@ctxlog/core";
import { bufferOfHex } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import {
  agentsByPrefix,
  contextById,
  contextsByContextHash,
  contextsByEntryHash,
  contextsByTransaction,
  deliveryById,
  eventById,
  liveWebhookById,
  traceById,
  verificationById,
} from "./search-records.queries";

export type SearchKind = "context" | "agent" | "trace" | "verification" | "webhook" | "delivery" | "event";
export type SearchMatch =
  | "context_id"
  | "context_hash"
  | "entry_hash"
  | "transaction_hash"
  | "agent_id"
  | "agent_id_prefix"
  | "trace_id"
  | "verification_id"
  | "webhook_id"
  | "delivery_id"
  | "event_id";

export interface SearchHit {
  kind: SearchKind;
  id: string;
  matched: SearchMatch;
  /** a delivery's webhook (its page is under it); null otherwise */
  webhookId: string | null;
  /** a trace's first context (its page shows the trace); null otherwise */
  contextId: string | null;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
/** An OTLP trace id: 16 bytes in hex (the service stores them in lowercase). */
const TRACE_ID = /^[0-9a-fA-F]{32}$/;
/** A transaction anchors a whole batch, and a prefix names many agents: each is listed up to this many. */
export const SEARCH_LIMIT = 20;

/**
 * What one pasted string names among one user's records: a context by id, context hash, entry
 * hash or transaction hash; agents by name or by the start of one (case aside); an OTLP trace by
 * id; a verification, webhook, delivery or event by id. Each lookup is one index probe, or a scan
 * of the user's agents for a prefix, so the cost does not grow with the number of contexts.
 */
export async function searchRecords(db: DbOrTx, userId: string, query: string): Promise<SearchHit[]> {
  const q = query.trim();
  const sql = sqlOf(db);
  if (HASH.test(q)) return contextsByHash(sql, userId, q.toLowerCase());
  const hit = (
    kind: SearchKind,
    matched: SearchMatch,
    id: string,
    more: Partial<SearchHit> = {},
  ): SearchHit => ({
    kind,
    id,
    matched,
    webhookId: null,
    contextId: null,
    ...more,
  });
  const byId = async (
    kind: SearchKind,
    matched: SearchMatch,
    prefix: string,
    found: () => Promise<unknown[]>,
  ) => (isId(q, prefix) && (await found()).length > 0 ? [hit(kind, matched, q)] : []);
  const [contexts, verifications, webhooks, deliveries, events, traces, agents] = await Promise.all([
    byId("context", "context_id", "ctx", () => runQuery(contextById, { id: q, userId }, sql)),
    byId("verification", "verification_id", "vrf", () => runQuery(verificationById, { id: q, userId }, sql)),
    byId("webhook", "webhook_id", "whk", () => runQuery(liveWebhookById, { id: q, userId }, sql)),
    isId(q, "dlv")
      ? runQuery(deliveryById, { eventId: eventIdOfDelivery(q) as string, userId }, sql).then((rows) =>
          rows.map((r) => hit("delivery", "delivery_id", q, { webhookId: r.webhookId })),
        )
      : [],
    byId("event", "event_id", "evt", () => runQuery(eventById, { id: q, userId }, sql)),
    TRACE_ID.test(q)
      ? runQuery(traceById, { userId, traceId: q.toLowerCase() }, sql).then((rows) =>
          rows.map((r) => hit("trace", "trace_id", q.toLowerCase(), { contextId: r.contextId })),
        )
      : [],
    AGENT_ID_PATTERN.test(q)
      ? runQuery(agentsByPrefix, { userId, prefix: q, limit: SEARCH_LIMIT }, sql).then((rows) =>
          rows.map((r) => hit("agent", r.agentId === q ? "agent_id" : "agent_id_prefix", r.agentId)),
        )
      : [],
  ]);
  // the agent named exactly first: the others only start like it
  agents.sort((a, b) => Number(b.matched === "agent_id") - Number(a.matched === "agent_id"));
  return [...contexts, ...verifications, ...webhooks, ...deliveries, ...events, ...traces, ...agents];
}

async function contextsByHash(sql: SqlRunner, userId: string, hash: string): Promise<SearchHit[]> {
  // bytea, as contexts store both hashes and anchors the transaction's (the query matched HASH: 0x
  // and 64 hex digits)
  const bytes = bufferOfHex(hash);
  const params = { hash: bytes, userId, limit: SEARCH_LIMIT };
  const [byContext, byEntry, byTransaction] = await Promise.all([
    runQuery(contextsByContextHash, params, sql),
    runQuery(contextsByEntryHash, params, sql),
    runQuery(contextsByTransaction, { transactionHash: bytes, userId, limit: SEARCH_LIMIT }, sql),
  ]);
  const hit =
    (matched: SearchMatch) =>
    (r: { id: string }): SearchHit => ({
      kind: "context",
      id: r.id,
      matched,
      webhookId: null,
      contextId: null,
    });
  return [
    ...byContext.map(hit("context_hash")),
    ...byEntry.map(hit("entry_hash")),
    ...byTransaction.map(hit("transaction_hash")),
  ];
}
