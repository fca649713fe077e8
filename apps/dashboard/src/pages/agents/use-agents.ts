import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { AgentLog, AuditEntry, Schemas } from "../../api/schema";

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

export const ENTRIES_PAGE = 50;

const parseLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as AuditEntry);

/** The log in sequence order, ENTRIES_PAGE entries at a time, read from the export (NDJSON). */
export function useAgentEntries(agentId: string, head: number | undefined) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: queryKeys.agentEntries(agentId),
    enabled: head !== undefined,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const text = await unwrap(
        api.GET("/agents/{agent_id}/export", {
          params: {
            path: { agent_id: agentId },
            query: { from_sequence: pageParam, to_sequence: pageParam + ENTRIES_PAGE - 1 },
          },
          parseAs: "text",
        }),
      );
      return parseLines(text as unknown as string);
    },
    getNextPageParam: (last, _all, from) =>
      last.length === ENTRIES_PAGE && from + ENTRIES_PAGE <= (head ?? 0) ? from + ENTRIES_PAGE : undefined,
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
 * The SDK's auditAgent, in this browser: the whole export streamed from the API, every entry
 * checked against the chain's RPC. Trusts the API for nothing but the bytes of the export. The
 * SDK's audit code (viem included) is loaded only when an audit starts.
 */
export function useAudit(agentId: string) {
  const api = useApi();
  return useMutation({
    gcTime: 0,
    mutationFn: async (rpcUrl: string) => {
      const [{ auditAgent, ndjsonLines }, res] = await Promise.all([
        import("@ctxlog/sdk/audit"),
        api.GET("/agents/{agent_id}/export", { params: { path: { agent_id: agentId } }, parseAs: "stream" }),
      ]);
      const body = (await unwrap(Promise.resolve(res))) as unknown as ReadableStream<Uint8Array>;
      return auditAgent(ndjsonLines(streamChunks(body)), { rpcUrl });
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
