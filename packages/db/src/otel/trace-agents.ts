import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import {
  countHeldSpansOf,
  deleteExpiredHeldSpans,
  deleteHeldSpansOfTraces,
  deleteOldTraceAgents,
  insertHeldSpans,
  insertTraceAgents,
  traceAgentsOf,
} from "./trace-agents.queries";

/** A span held until its trace's agent is known (a child exported before its root). */
export interface HeldSpan {
  userId: string;
  traceId: string;
  spanId: string;
  apiKeyId: string;
  keyFamilyId: string;
  /** the normalised span, as it was received */
  span: unknown;
}

/** How long a span is held at most before it is written under its own agent (service.name). */
export const HOLD_SPAN_SECONDS = 60;
/** The most spans held for one user: beyond it, spans are filed under their own agent at once. */
export const MAX_HELD_SPANS_PER_USER = 10_000;
/** Trace → agent rows older than this are pruned: a trace's spans arrive within minutes. */
export const TRACE_AGENT_RETENTION_HOURS = 24;

/** The agents already decided for these traces of the user: trace id → agent id. */
export async function readTraceAgents(
  db: DbOrTx,
  userId: string,
  traceIds: readonly string[],
): Promise<Map<string, string>> {
  if (traceIds.length === 0) return new Map();
  const rows = await runQuery(traceAgentsOf, { userId, traceIds: [...new Set(traceIds)] }, sqlOf(db));
  return new Map(rows.map((row) => [row.traceId, row.agentId]));
}

/** Records the traces' agents; a trace another export decided first keeps its agent (first writer wins). */
export async function recordTraceAgents(
  db: DbOrTx,
  userId: string,
  decided: ReadonlyMap<string, string>,
): Promise<void> {
  if (decided.size === 0) return;
  await runQuery(
    insertTraceAgents,
    { userId, traceIds: [...decided.keys()], agentIds: [...decided.values()] },
    sqlOf(db),
  );
}

/** How many spans the user has held now. */
export async function countHeldSpans(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await runQuery(countHeldSpansOf, { userId }, sqlOf(db));
  return row?.n ?? 0;
}

/** Holds spans (a span already held, resent, stays held once). */
export async function holdSpans(db: DbOrTx, spans: readonly HeldSpan[]): Promise<void> {
  if (spans.length === 0) return;
  await runQuery(
    insertHeldSpans,
    {
      userIds: spans.map((s) => s.userId),
      traceIds: spans.map((s) => s.traceId),
      spanIds: spans.map((s) => s.spanId),
      apiKeyIds: spans.map((s) => s.apiKeyId),
      keyFamilyIds: spans.map((s) => s.keyFamilyId),
      // as JSON text, each cast to jsonb by the statement
      spans: spans.map((s) => JSON.stringify(s.span)),
    },
    sqlOf(db),
  );
}

/** Takes (deletes and returns) the user's held spans of these traces: their agent is known now. */
export async function takeHeldSpansOf(
  db: DbOrTx,
  userId: string,
  traceIds: readonly string[],
): Promise<HeldSpan[]> {
  if (traceIds.length === 0) return [];
  return runQuery(deleteHeldSpansOfTraces, { userId, traceIds: [...new Set(traceIds)] }, sqlOf(db));
}

/**
 * Takes up to `limit` spans held longer than `olderThanSeconds`, of one user or (null) of every
 * user: their root never came, so they are written under their own agent.
 */
export async function takeExpiredHeldSpans(
  db: DbOrTx,
  userId: string | null,
  { olderThanSeconds = HOLD_SPAN_SECONDS, limit = 1000 } = {},
): Promise<HeldSpan[]> {
  return runQuery(deleteExpiredHeldSpans, { userId, olderThanSeconds, limit }, sqlOf(db));
}

/** Deletes trace → agent rows past TRACE_AGENT_RETENTION_HOURS; how many. */
export async function pruneTraceAgents(db: DbOrTx): Promise<number> {
  const rows = await runQuery(
    deleteOldTraceAgents,
    { retentionHours: TRACE_AGENT_RETENTION_HOURS },
    sqlOf(db),
  );
  return rows.length;
}
