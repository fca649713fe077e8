import { once } from "node:events";
import { AppError } from "@ctxlog/core";
import { type AgentLogSummary, listAgentLogs, streamAgentEntries } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { contextReader } from "../contexts/get-context";
import { proofBundle } from "../contexts/proof-bundle";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import type { agentParamsSchema, exportAgentQuerySchema, listAgentsQuerySchema } from "./schemas";

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
    const page = await listAgentLogs(db, contextReader(auth), { limit: query.limit, after });
    res.json({ data: page.rows.map(agentLogResource), next_cursor: nextCursor("agents", page.next) });
  };
}

async function findLog(deps: ApiDeps, auth: Parameters<typeof contextReader>[0], agentId: string) {
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

/**
 * GET /v1/agents/:agent_id/export — the log's entries in sequence order as NDJSON, one proof
 * bundle per line, read a page at a time and written with backpressure: memory stays bounded
 * whatever the log's length. A failure after the first line cuts the stream (no closing line),
 * which an audit reports as an incomplete log, never as a complete one.
 */
export function exportAgent(deps: ApiDeps): RouteHandler<{
  params: typeof agentParamsSchema;
  query: typeof exportAgentQuerySchema;
}> {
  return async ({ params, query, auth, res }) => {
    if (query.from_sequence && query.to_sequence && query.from_sequence > query.to_sequence) {
      throw new AppError("VALIDATION_ERROR", "from_sequence is after to_sequence.");
    }
    await findLog(deps, auth, params.agent_id);
    res.status(200).type("application/x-ndjson");
    let chunk = "";
    try {
      for await (const entry of streamAgentEntries(deps.db, contextReader(auth), {
        agentId: params.agent_id,
        fromSequence: query.from_sequence,
        toSequence: query.to_sequence,
      })) {
        chunk += `${JSON.stringify({ ...proofBundle(entry, entry.anchor, deps.env.CONFIRMATIONS), status: entry.status })}\n`;
        if (chunk.length >= 64 * 1024) {
          const ok = res.write(chunk);
          chunk = "";
          if (!ok) await once(res, "drain");
        }
      }
      res.end(chunk);
    } catch (err) {
      deps.logger.warn({ err, agent: params.agent_id }, "agent export cut short");
      res.destroy(err as Error);
    }
  };
}
