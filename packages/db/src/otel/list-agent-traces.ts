import { decodeContextBody, type OtelJsonObject, traceUsage, type UsageSpan } from "@ctxlog/core";
import { type ContextReader, readerSees } from "../contexts/reader-scope";
import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { agentTraceSpans, type IAgentTraceSpansResult } from "./list-agent-traces.queries";

/** One trace as an agent's spans show it (only the spans of that agent the reader may read). */
export interface AgentTraceSummary {
  traceId: string;
  spanCount: number;
  /** spans whose own OTLP status is error */
  errorSpans: number;
  /** the root span (no parent), else the earliest-starting span; null when every span is erased */
  rootName: string | null;
  rootContextId: string | null;
  /** decimal nanoseconds since the epoch, as the spans carry them; null when every span is erased */
  startNs: string | null;
  endNs: string | null;
  firstReceivedAt: Date;
  lastReceivedAt: Date;
  /** models named by the spans, and their token totals (each model call once: traceUsage) */
  models: string[];
  inputTokens: number | null;
  outputTokens: number | null;
  /** the newest context of the trace: the list's order and its keyset position */
  lastContextId: string;
}

type SpanRow = IAgentTraceSpansResult;

/** The OTLP span fields a trace's summary needs, as the OTLP route stored them in context_data. */
interface SpanFields {
  name?: unknown;
  span_id?: unknown;
  attributes?: unknown;
  parent_span_id?: unknown;
  start_time_unix_nano?: unknown;
  end_time_unix_nano?: unknown;
  status?: { code?: unknown };
}

const nanos = (value: unknown): bigint | null => {
  if (typeof value !== "string" && typeof value !== "number") return null;
  try {
    return BigInt(value);
  } catch {
    return null;
  }
};

/** One trace's summary from its spans (rows of one trace, in id order). */
function summarize(rows: readonly SpanRow[]): AgentTraceSummary {
  const first = rows[0] as SpanRow;
  let errorSpans = 0;
  let root: { name: string | null; contextId: string; isRoot: boolean; start: bigint | null } | null = null;
  let startNs: bigint | null = null;
  let endNs: bigint | null = null;
  let firstReceivedAt = first.created_at;
  let lastReceivedAt = first.created_at;
  const usageSpans: UsageSpan[] = [];
  for (const row of rows) {
    if (row.created_at < firstReceivedAt) firstReceivedAt = row.created_at;
    if (row.created_at > lastReceivedAt) lastReceivedAt = row.created_at;
    const span = decodeContextBody(row.canonical_data).contextData as SpanFields | null;
    if (span === null) continue; // erased: counted, but no name or times
    if (span.status?.code === "error") errorSpans++;
    if (span.attributes && typeof span.attributes === "object") {
      usageSpans.push({
        spanId: typeof span.span_id === "string" ? span.span_id : "",
        parentSpanId: typeof span.parent_span_id === "string" ? span.parent_span_id : "",
        attributes: span.attributes as OtelJsonObject,
      });
    }
    const start = nanos(span.start_time_unix_nano);
    const end = nanos(span.end_time_unix_nano);
    if (start !== null && (startNs === null || start < startNs)) startNs = start;
    if (end !== null && (endNs === null || end > endNs)) endNs = end;
    // the root span (no parent), else the earliest-starting span; ties to the oldest context
    const isRoot = typeof span.parent_span_id !== "string" || span.parent_span_id === "";
    const better =
      root === null ||
      (isRoot && !root.isRoot) ||
      (isRoot === root.isRoot && start !== null && (root.start === null || start < root.start));
    if (better) {
      root = { name: typeof span.name === "string" ? span.name : null, contextId: row.id, isRoot, start };
    }
  }
  return {
    traceId: first.trace_id,
    spanCount: rows.length,
    errorSpans,
    rootName: root?.name ?? null,
    rootContextId: root?.contextId ?? null,
    startNs: startNs?.toString() ?? null,
    endNs: endNs?.toString() ?? null,
    firstReceivedAt,
    lastReceivedAt,
    ...traceUsage(usageSpans),
    lastContextId: first.last_context_id,
  };
}

/**
 * The traces an agent's OTLP spans belong to, newest first (by the newest span received), a page
 * at a time. Each context is in one trace, so the newest context id of a trace is a unique keyset
 * position. The page's traces are picked from the agent's spans by ids alone (contexts (user_id,
 * agent_id, id), then otel_spans' context_id key: linear in the agent's spans, but reading no span
 * data); then only those traces' spans are read, each by its primary key (list-agent-traces.sql),
 * and summarized here: a span's name, times and status are in its stored (compressed) data, which
 * SQL cannot read. An erased span shows no name or times.
 */
export async function listAgentTraces(
  db: DbOrTx,
  reader: ContextReader,
  query: { agentId: string; limit: number; after?: string },
) {
  const rows = await runQuery(
    agentTraceSpans,
    {
      userId: reader.userId,
      ...(await readerSees(db, reader)),
      agentId: query.agentId,
      after: query.after ?? null,
      limit: query.limit + 1,
    },
    sqlOf(db),
  );
  const byTrace = new Map<string, SpanRow[]>();
  for (const row of rows) {
    const spans = byTrace.get(row.last_context_id);
    if (spans) spans.push(row);
    else byTrace.set(row.last_context_id, [row]);
  }
  // Map order is the query's: newest trace first
  const traces = [...byTrace.values()].map(summarize);
  return pageOf(traces, query.limit, (trace) => trace.lastContextId);
}
