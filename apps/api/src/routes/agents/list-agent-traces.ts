import { type AgentTraceSummary, listAgentTraces as findAgentTraces } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { findLog } from "./read-agents";
import type { agentParamsSchema, listAgentTracesQuerySchema } from "./schemas";

function agentTraceResource(trace: AgentTraceSummary) {
  return {
    trace_id: trace.traceId,
    span_count: trace.spanCount,
    error_spans: trace.errorSpans,
    root_span_name: trace.rootName,
    root_context_id: trace.rootContextId,
    start_time_unix_nano: trace.startNs,
    end_time_unix_nano: trace.endNs,
    first_received_at: trace.firstReceivedAt.toISOString(),
    last_received_at: trace.lastReceivedAt.toISOString(),
    models: trace.models,
    input_tokens: trace.inputTokens,
    output_tokens: trace.outputTokens,
  };
}

/**
 * GET /v1/agents/:agent_id/traces — the traces of the agent's OTLP spans, newest first. An agent
 * with no entry the key may read (another user's, or unknown) is a 404, like GET /v1/agents/:id;
 * one without spans has an empty list.
 */
export function listAgentTraces(deps: ApiDeps): RouteHandler<{
  params: typeof agentParamsSchema;
  query: typeof listAgentTracesQuerySchema;
  scope: "contexts";
}> {
  return async ({ params, query, scope, res }) => {
    const after = readCursor(query.cursor, "traces");
    await findLog(deps, scope, params.agent_id);
    const page = await findAgentTraces(deps.db, scope, {
      agentId: params.agent_id,
      limit: query.limit,
      after,
    });
    res.json({ data: page.rows.map(agentTraceResource), next_cursor: nextCursor("traces", page.next) });
  };
}
