import { AppError } from "@ctxlog/core";
import { type AgentLogSummary, listAgentLogs } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { contextReader } from "../contexts/get-context";
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
export function listAgents({ db }: ApiDeps): RouteHandler<{ query: typeof listAgentsQuerySchema }> {
  return async ({ query, auth, res }) => {
    const after = readCursor(query.cursor, "agents");
    const page = await listAgentLogs(db, contextReader(auth), {
      limit: query.limit,
      after,
      activeAfter: query.active_after === undefined ? undefined : new Date(query.active_after),
      activeBefore: query.active_before === undefined ? undefined : new Date(query.active_before),
    });
    res.json({ data: page.rows.map(agentLogResource), next_cursor: nextCursor("agents", page.next) });
  };
}

export async function findLog(deps: ApiDeps, auth: Parameters<typeof contextReader>[0], agentId: string) {
  const page = await listAgentLogs(deps.db, contextReader(auth), { limit: 1, agentId });
  const log = page.rows[0];
  // another user's agent, or one with no entry this key may read, is exactly like a missing one
  if (!log) throw new AppError("NOT_FOUND", `No log for agent ${agentId}.`);
  return log;
}

/** GET /v1/agents/:agent_id */
export function getAgent(deps: ApiDeps): RouteHandler<{ params: typeof agentParamsSchema }> {
  return async ({ params, auth, res }) => {
    res.json(agentLogResource(await findLog(deps, auth, params.agent_id)));
  };
}
