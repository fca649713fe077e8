import type { AuditAgentResult } from "@ctxlog/sdk/audit";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { type ApiClient, apiBaseUrl } from "../../api/client";
import { ApiError, unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { AgentLog, Context, Schemas } from "../../api/schema";
import { type AuditLogKey, chooseLogKey, logKeyOption } from "./audit-log-key";
import { beforeOf, type LogJump } from "./log-jump";

/** Logs with an entry received in `window` (none: every log). */
export function useAgents(window: { since: string; until: string } | null) {
  const api = useApi();
  return usePagedQuery<AgentLog>({
    queryKey: [...queryKeys.agents, window],
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/agents", {
          params: {
            query: {
              limit: 25,
              cursor,
              ...(window ? { active_after: window.since, active_before: window.until } : {}),
            },
          },
        }),
      ),
  });
}

/** How many agent ids the contexts filter offers before anything is typed (in agent_id order). */
export const AGENT_PICKER_LIMIT = 100;

/**
 * The user's agent ids for a picker: before anything is typed, the first AGENT_PICKER_LIMIT in
 * agent_id order (GET /v1/agents); once something is, every agent whose id starts with it, case
 * aside (GET /v1/search: agent_id_prefix, up to 20), so an agent past the first hundred is offered too.
 */
export function useAgentIds(typed = "") {
  const api = useApi();
  const prefix = typed.trim();
  return useQuery({
    queryKey: [...queryKeys.agents, "ids", prefix],
    queryFn: async () => {
      if (prefix === "") {
        const page = await unwrap(api.GET("/agents", { params: { query: { limit: AGENT_PICKER_LIMIT } } }));
        return page.data.map((log) => log.agent_id);
      }
      const found = await unwrap(api.GET("/search", { params: { query: { q: prefix } } }));
      return found.results.filter((hit) => hit.kind === "agent").map((hit) => hit.id);
    },
    // the list shown while the next prefix is asked stays the last one (no flicker while typing)
    placeholderData: (previous) => previous,
  });
}

export type AgentTrace = Schemas["AgentTrace"];

/** The traces of the agent's OTLP spans, newest first (GET /v1/agents/:agent_id/traces). */
export function useAgentTraces(agentId: string) {
  const api = useApi();
  return usePagedQuery<AgentTrace>({
    queryKey: queryKeys.agentTraces(agentId),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/agents/{agent_id}/traces", {
          params: { path: { agent_id: agentId }, query: { limit: 10, cursor } },
        }),
      ),
  });
}

export function useAgent(agentId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.agent(agentId),
    queryFn: () => unwrap(api.GET("/agents/{agent_id}", { params: { path: { agent_id: agentId } } })),
  });
}

export const ENTRIES_PAGE = 25;

/**
 * The agent's log newest first, ENTRIES_PAGE entries a page, from the jump's entry or time when
 * there is one (GET /v1/contexts?agent_id=…: to_sequence, created_before), paged on to entry 1.
 */
export function useAgentEntries(agentId: string, jump: LogJump) {
  const api = useApi();
  return usePagedQuery<Context>({
    queryKey: [...queryKeys.agentEntries(agentId), jump],
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/contexts", {
          params: {
            query: {
              agent_id: agentId,
              limit: ENTRIES_PAGE,
              cursor,
              ...(jump && "sequence" in jump ? { to_sequence: jump.sequence } : {}),
              ...(jump && "at" in jump ? { created_before: beforeOf(jump.at) } : {}),
            },
          },
        }),
      ),
  });
}

/** Where the chain's JSON-RPC is for people's browsers (DASHBOARD_CHAIN_RPC_URL), from the API. */
export function useDashboardConfig() {
  return useQuery({
    queryKey: queryKeys.dashboardConfig,
    queryFn: async () => {
      // served by the API beside the app (the app is always at /dashboard)
      const res = await fetch("/dashboard/config.json");
      if (!res.ok) throw new Error(`The dashboard's configuration could not be read (HTTP ${res.status}).`);
      return (await res.json()) as { chain_rpc_url: string | null };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The log's published verifier key (GET /v1/tlog/key, read with the session like any route: a log
 * served with TLOG_PUBLIC=false takes it as a key that may read contexts), or null when it has none.
 */
async function readPublishedLogKey(api: ApiClient): Promise<string | null> {
  try {
    return (await unwrap(api.GET("/tlog/key", { parseAs: "text" }))).trim();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export interface AuditRun {
  result: AuditAgentResult;
  /** the log key the audit was given, and where it came from */
  logKey: AuditLogKey;
}

/**
 * The SDK's auditAgent, in this browser: the whole export streamed from the API, every entry
 * checked against the chain's RPC, and the entries anchored by the log's tree head found in the
 * API's own log (`<api>/v1/tlog`, this origin, read with the session) under the pinned key, else
 * the key the API publishes. Trusts the API for nothing but the bytes it serves and, unless a key
 * is pinned, the log key it publishes. The SDK's audit code (viem included) is loaded only when
 * an audit starts.
 */
export function useAudit(agentId: string) {
  const api = useApi();
  return useMutation({
    gcTime: 0,
    mutationFn: async ({ rpcUrl, pinnedKey }: { rpcUrl: string; pinnedKey: string }): Promise<AuditRun> => {
      const logKey = chooseLogKey(pinnedKey, pinnedKey.trim() ? null : await readPublishedLogKey(api));
      const [{ auditAgent, ndjsonLines }, res] = await Promise.all([
        import("@ctxlog/sdk/audit"),
        api.GET("/agents/{agent_id}/export", { params: { path: { agent_id: agentId } }, parseAs: "stream" }),
      ]);
      const body = (await unwrap(Promise.resolve(res))) as unknown as ReadableStream<Uint8Array>;
      const result = await auditAgent(ndjsonLines(streamChunks(body)), {
        rpcUrl,
        logUrl: `${apiBaseUrl()}/tlog`,
        logKey: logKeyOption(logKey),
      });
      return { result, logKey };
    },
  });
}

async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
