import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { useChangeMutation, useRecordMutation } from "../../api/mutations";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Context } from "../../api/schema";

export const CONTEXT_STATUSES: readonly Context["status"][] = ["pending", "confirmed", "failed"];

export interface ContextFilters {
  agent_id: string;
  status: "" | Context["status"];
  /** a window of the time received; none: every context */
  window?: { since: string; until: string } | null;
}

/** How often a pending context is asked for again: it moves to confirmed on screen without a reload. */
export const PENDING_POLL = { ms: 2000 }; // an object so the component test can shorten it

export function useContexts(filters: ContextFilters) {
  const api = useApi();
  return usePagedQuery<Context>({
    queryKey: queryKeys.contexts(filters),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/contexts", {
          params: {
            query: {
              limit: 25,
              cursor,
              ...(filters.agent_id ? { agent_id: filters.agent_id } : {}),
              ...(filters.status ? { status: filters.status } : {}),
              ...(filters.window
                ? { created_after: filters.window.since, created_before: filters.window.until }
                : {}),
            },
          },
        }),
      ),
    pollWhile: (items) => items.some((context) => context.status === "pending"),
  });
}

/** One context; polled while pending, and no longer once it is confirmed or failed. */
export function useContextRecord(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.context(id),
    queryFn: () => unwrap(api.GET("/contexts/{id}", { params: { path: { id } } })),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? PENDING_POLL.ms : false),
  });
}

/** The proof bundle of a confirmed context (what the download saves; it also names N confirmations). */
export function useProof(id: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKeys.context(id), "proof"],
    queryFn: () => unwrap(api.GET("/contexts/{id}/proof", { params: { path: { id } } })),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRetryContext(id: string) {
  return useRecordMutation(
    (api) => unwrap(api.POST("/contexts/{id}/retry", { params: { path: { id } } })),
    queryKeys.context(id),
    queryKeys.contextsAll,
  );
}

export function useVerifyContext(contextId: string) {
  return useChangeMutation(
    (api) => unwrap(api.POST("/verifications", { body: { context_id: contextId } })),
    queryKeys.verificationsAll,
  );
}

/** Saves a JSON value as a file through a temporary object URL (nothing leaves the page). */
export function saveJson(value: unknown, filename: string) {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The most spans of one trace the page reads (pages of 100). */
export const MAX_TRACE_SPANS_SHOWN = 1_000;

/** Every context of one OTLP trace (GET /v1/contexts?trace_id=), for its span tree. */
export function useTraceContexts(traceId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKeys.contextsAll, "trace", traceId],
    enabled: traceId !== null,
    queryFn: async () => {
      const all: Context[] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(
          api.GET("/contexts", { params: { query: { trace_id: traceId ?? "", limit: 100, cursor } } }),
        );
        all.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && all.length < MAX_TRACE_SPANS_SHOWN);
      return { contexts: all, truncated: cursor !== undefined };
    },
  });
}
