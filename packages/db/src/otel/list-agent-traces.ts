import { type ContextReader, readerScopeSql } from "../contexts/reader-scope";
import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";

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
  /** the newest context of the trace: the list's order and its keyset position */
  lastContextId: string;
}

/** $1 user, $2 key family (when scoped), $3 agent, $4 after, $5 limit */
function tracesSql(reader: ContextReader): string {
  return `WITH page AS (
       SELECT s.trace_id, max(c.id) AS last_context_id, array_agg(c.id) AS ids
       FROM contexts c
       JOIN otel_spans s ON s.context_id = c.id
       WHERE c.user_id = $1 AND c.agent_id = $3 ${readerScopeSql(reader)} AND ($2::text IS NOT NULL OR true)
       GROUP BY s.trace_id
       HAVING $4::text IS NULL OR max(c.id) < $4
       ORDER BY max(c.id) DESC
       LIMIT $5)
     SELECT p.trace_id, p.last_context_id,
       count(*)::int AS span_count,
       (count(*) FILTER (WHERE c.context_data->'status'->>'code' = 'error'))::int AS error_spans,
       (array_agg(c.context_data->>'name' ORDER BY c.context_data->>'parent_span_id' <> '',
          (c.context_data->>'start_time_unix_nano')::numeric, c.id) FILTER (WHERE c.context_data IS NOT NULL))[1] AS root_name,
       (array_agg(c.id ORDER BY c.context_data->>'parent_span_id' <> '',
          (c.context_data->>'start_time_unix_nano')::numeric, c.id) FILTER (WHERE c.context_data IS NOT NULL))[1] AS root_context_id,
       min((c.context_data->>'start_time_unix_nano')::numeric)::text AS start_ns,
       max((c.context_data->>'end_time_unix_nano')::numeric)::text AS end_ns,
       min(c.created_at) AS first_received_at,
       max(c.created_at) AS last_received_at
     FROM page p
     CROSS JOIN LATERAL unnest(p.ids) AS span(id)
     JOIN contexts c ON c.id = span.id
     GROUP BY p.trace_id, p.last_context_id
     ORDER BY p.last_context_id DESC`;
}

/**
 * The traces an agent's OTLP spans belong to, newest first (by the newest span received), a page
 * at a time. Each context is in one trace, so the newest context id of a trace is a unique keyset
 * position. Two steps, with no index of their own: the page's traces are picked from the agent's
 * spans by ids alone (contexts (user_id, agent_id, id), then otel_spans' context_id key: linear in
 * the agent's spans, but reading no span data), then only those traces' spans are read, each by
 * its primary key (ids carried from the first step: joined on user and agent instead, a planner
 * without statistics scanned the agent's contexts once per span) for their name, times and status. Span fields come from context_data,
 * so an erased span shows no name or times.
 */
export async function listAgentTraces(
  db: DbOrTx,
  reader: ContextReader,
  query: { agentId: string; limit: number; after?: string },
) {
  // $1 user, $2 key family (when scoped), $3 agent, $4 after, $5 limit
  const rows = await db.$queryRawUnsafe<
    {
      trace_id: string;
      span_count: number;
      error_spans: number;
      root_name: string | null;
      root_context_id: string | null;
      start_ns: string | null;
      end_ns: string | null;
      first_received_at: Date;
      last_received_at: Date;
      last_context_id: string;
    }[]
  >(
    tracesSql(reader),
    reader.userId,
    reader.keyFamilyId,
    query.agentId,
    query.after ?? null,
    query.limit + 1,
  );
  const traces: AgentTraceSummary[] = rows.map((r) => ({
    traceId: r.trace_id,
    spanCount: r.span_count,
    errorSpans: r.error_spans,
    rootName: r.root_name,
    rootContextId: r.root_context_id,
    startNs: r.start_ns,
    endNs: r.end_ns,
    firstReceivedAt: r.first_received_at,
    lastReceivedAt: r.last_received_at,
    lastContextId: r.last_context_id,
  }));
  return pageOf(traces, query.limit, (trace) => trace.lastContextId);
}
