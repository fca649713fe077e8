import { AppError } from "@ctxlog/core";
import { type AgentLogSummary, type ContextReader, listAgentLogs } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import type { agentParamsSchema, listAgentsQuerySchema } from "./schemas";

function agentLogResource(log: AgentLogSummary) {
  return {
    agent_id: log.agentId,
    head_sequence: log.headSequence,
    head_entry_hash: log.headEntryHash,
    counts: { pending: log.pending, confirmed: log.confirmed, failed: log.failed },
    first_activity_at: log.firstAt.toISOString(),
    last_activity_at: log.lastAt.toISOString(),
  };
}

/** GET /v1/agents — the key's agents' logs, by agent_id. */
export function listAgents({
  db,
}: ApiDeps): RouteHandler<{ query: typeof listAgentsQuerySchema; scope: "contexts" }> {
  return async ({ query, scope, res }) => {
    const after = readCursor(query.cursor, "agents");
    const page = await listAgentLogs(db, scope, {
      limit: query.limit,
      after,
      activeAfter: query.active_after === undefined ? undefined : new Date(query.active_after),
      activeBefore: query.active_before === undefined ? undefined : new Date(query.active_before),
    });
    res.json({ data: page.rows.map(agentLogResource), next_cursor: nextCursor("agents", page.next) });
  };
}

export async function findLog(deps: ApiDeps, reader: ContextReader, agentId: string) {
  const page = await listAgentLogs(deps.db, reader, { limit: 1, agentId });
  const log = page.rows[0];
  // another user's agent, or one with no entry this key may read, is exactly like a missing one
  if (!log) throw new AppError("NOT_FOUND", `No log for agent ${agentId}.`);
  return log;
}

/** GET /v1/agents/:agent_id */
export function getAgent(
  deps: ApiDeps,
): RouteHandler<{ params: typeof agentParamsSchema; scope: "contexts" }> {
  return async ({ params, scope, res }) => {
    res.json(agentLogResource(await findLog(deps, scope, params.agent_id)));
  };
}
