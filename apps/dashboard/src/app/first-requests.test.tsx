/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { waitFor } from "@testing-library/react";
import { fetchDouble } from "../testing/fetch-double";
import { renderApp, SESSION } from "../testing/render";
import { firstRequests } from "./first-requests";
import { appPath, matchPage } from "./pages";

// The boot script starts a page's first requests before the app runs; the app takes each response
// only when the page asks for that very URL (path and parameters). Here each page is rendered and
// must ask for every URL the boot script would have started for it.

const NOW = Date.parse("2026-11-27T10:30:20.000Z");
const list = { status: 200, body: { data: [], next_cursor: null } };

/** path + query parameters sorted, as early-requests.ts compares them */
const normal = (path: string, query: URLSearchParams) => {
  const sorted = new URLSearchParams(query);
  sorted.sort();
  return `${path}?${sorted}`;
};

const agent = {
  agent_id: "planner 7",
  head_sequence: 3,
  head_entry_hash: `0x${"3".padStart(64, "0")}`,
  counts: { pending: 0, confirmed: 3, failed: 0 },
  first_activity_at: "2026-11-26T10:00:00.000Z",
  last_activity_at: "2026-11-26T11:00:00.000Z",
};

beforeEach(() => jest.spyOn(Date, "now").mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

describe("the boot script's first requests", () => {
  it.each([
    "/dashboard/",
    "/dashboard/?range=7d",
    "/dashboard/contexts",
    "/dashboard/contexts?range=7d",
    "/dashboard/contexts?status=failed&agent_id=a-1&range=24h",
    "/dashboard/contexts/ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
    "/dashboard/agents",
    "/dashboard/agents?range=24h",
    "/dashboard/agents/planner%207",
    "/dashboard/agents/planner%207?sequence=2",
    "/dashboard/agents/planner%207?at=2026-11-26T10:30:05.000Z",
  ])("are what %s asks for", async (url) => {
    const { pathname, search } = new URL(url, "http://localhost");
    const expected = firstRequests(matchPage(appPath(pathname)), new URLSearchParams(search))
      .filter((request) => request !== "/v1/auth/session") // the test starts signed in
      .map((request) => {
        const parsed = new URL(request, "http://localhost");
        return normal(parsed.pathname.replace(/^\/v1/, ""), parsed.searchParams);
      });
    expect(expected.length).toBeGreaterThan(0);
    const api = fetchDouble([
      { method: "GET", path: "/contexts", reply: () => list },
      { method: "GET", path: "/agents", reply: () => list },
      { method: "GET", path: /^\/agents\/[^/]+\/traces$/, reply: () => list },
      { method: "GET", path: /^\/agents\/[^/]+$/, reply: () => ({ status: 200, body: agent }) },
    ]);
    renderApp(`${appPath(pathname)}${search}`, { fetch: api.fetch, session: SESSION });
    await waitFor(
      () => {
        const asked = api.calls.map((call) => normal(call.path, call.query));
        expect(asked).toEqual(expect.arrayContaining(expected));
      },
      { timeout: 10_000 }, // a page's chunk and its queries, on a loaded machine
    );
  });

  it("ask who is signed in on every page, and nothing more where the page is not known", () => {
    const match = matchPage("/webhooks");
    expect(firstRequests(match, new URLSearchParams())).toEqual(["/v1/auth/session"]);
    expect(firstRequests(matchPage("/no/such/page"), new URLSearchParams())).toEqual(["/v1/auth/session"]);
  });
});
