import { readRange, type TimeRange, windowOf } from "../components/time-range";
import { beforeOf, readJump } from "../pages/agents/log-jump";
import type { PageMatch } from "./pages";

// The API requests a page makes as soon as it mounts, by route, for the boot script to start early
// (src/api/early-requests.ts). Each must be the URL the page's own query asks for (same path and
// parameters, in any order): first-requests.test.tsx renders the pages and checks it. A URL the
// page does not ask for is only a wasted request; a page missing here only waits as it used to.

const v1 = (path: string, query: Record<string, string | number | undefined> = {}) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const qs = search.toString();
  return `/v1${path}${qs ? `?${qs}` : ""}`;
};

/** What useUrlRange(fallback) gives the page: the window of the range in its URL. */
const urlWindow = (search: URLSearchParams, fallback: TimeRange | null) => {
  const range = readRange(search, fallback);
  return range === null ? null : windowOf(range);
};

const FIRST: Record<string, (params: Record<string, string>, search: URLSearchParams) => string[]> = {
  "/": (_params, search) => {
    const window = urlWindow(search, { key: "1h" });
    return [v1("/overview"), ...(window ? [v1("/overview/series", window)] : [])];
  },
  "/contexts": (_params, search) => {
    const window = urlWindow(search, null);
    return [
      v1("/contexts", {
        limit: 25,
        agent_id: search.get("agent_id") || undefined,
        status: search.get("status") || undefined,
        created_after: window?.since,
        created_before: window?.until,
      }),
    ];
  },
  "/contexts/:id": (params) => [v1(`/contexts/${encodeURIComponent(params.id ?? "")}`)],
  "/agents": (_params, search) => {
    const window = urlWindow(search, null);
    return [v1("/agents", { limit: 25, active_after: window?.since, active_before: window?.until })];
  },
  "/agents/:agentId": (params, search) => {
    const agent = `/agents/${encodeURIComponent(params.agentId ?? "")}`;
    const jump = readJump(search);
    return [
      v1(agent),
      v1(`${agent}/traces`, { limit: 10 }),
      // the log's first page (ENTRIES_PAGE entries), newest first or from the jump in the URL
      v1("/contexts", {
        agent_id: params.agentId,
        limit: 25,
        to_sequence: jump && "sequence" in jump ? jump.sequence : undefined,
        created_before: jump && "at" in jump ? beforeOf(jump.at) : undefined,
      }),
    ];
  },
};

/** The session check (every page asks who is signed in) and the page's own first requests. */
export function firstRequests(match: PageMatch, search: URLSearchParams): string[] {
  return [v1("/auth/session"), ...(FIRST[match.route.path]?.(match.params, search) ?? [])];
}
