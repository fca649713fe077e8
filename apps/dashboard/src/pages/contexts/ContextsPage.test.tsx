/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const log = (agent_id: string) => ({
  agent_id,
  head_sequence: 3,
  head_entry_hash: `0x${"22".repeat(32)}`,
  counts: { pending: 0, confirmed: 3, failed: 0 },
  first_activity_at: "2026-11-26T10:00:00.000Z",
  last_activity_at: "2026-11-26T11:00:00.000Z",
});

function api() {
  return fetchDouble([
    {
      method: "GET",
      path: "/agents",
      reply: () => ({
        status: 200,
        body: { data: ["planner-7", "planner-8", "support-bot"].map(log), next_cursor: null },
      }),
    },
    // agents by the start of their id, as GET /v1/search finds them: one past the first hundred too
    {
      method: "GET",
      path: "/search",
      reply: (request) => ({
        status: 200,
        body: {
          query: request.query.get("q"),
          results: ["planner-7", "planner-8", "planner-zz-past-the-first-hundred"]
            .filter((id) => id.startsWith((request.query.get("q") ?? "").toLowerCase()))
            .map((id) => ({
              kind: "agent",
              id,
              matched: "agent_id_prefix",
              webhook_id: null,
              context_id: null,
            })),
        },
      }),
    },
    // every filter answers nothing: the test reads which agent_id the list was asked for
    {
      method: "GET",
      path: "/contexts",
      reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
    },
  ]);
}
const askedAgents = (double: ReturnType<typeof api>) =>
  double.callsTo("GET", "/contexts").map((call) => call.query.get("agent_id"));

describe("the contexts page's agent filter", () => {
  it("offers the user's agents (GET /v1/agents), then those starting with what is typed (GET /v1/search); picking one filters", async () => {
    const double = api();
    const user = userEvent.setup();
    const { router } = renderApp("/contexts", { fetch: double.fetch, session: SESSION });
    const input = (await screen.findByLabelText("Agent", { selector: "input" }, {})) as HTMLInputElement;
    await waitFor(() => expect(double.callsTo("GET", "/agents")).toHaveLength(1));
    expect(double.callsTo("GET", "/agents")[0]?.query.get("limit")).toBe("100");
    // the list exists only while open (no hidden copy of every agent id ahead of the table)
    expect(screen.queryAllByRole("option", { hidden: true, name: /^planner-/ })).toHaveLength(0);

    await user.type(input, "plan");
    expect(await screen.findByRole("option", { name: "planner-7" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "planner-8" })).toBeTruthy();
    // an agent the first hundred did not hold, found by the start of its id
    expect(await screen.findByRole("option", { name: "planner-zz-past-the-first-hundred" })).toBeTruthy();
    expect(double.callsTo("GET", "/search").at(-1)?.query.get("q")).toBe("plan");
    expect(screen.queryByRole("option", { name: "support-bot" })).toBeNull();
    await user.click(screen.getByRole("option", { name: "planner-8" }));
    await waitFor(() => expect(router.state.location.search).toBe("?agent_id=planner-8"));
    await waitFor(() => expect(askedAgents(double)).toContain("planner-8"));
  });

  it("still filters by an agent id it does not list, typed in full", async () => {
    const double = api();
    const user = userEvent.setup();
    const { router } = renderApp("/contexts", { fetch: double.fetch, session: SESSION });
    const input = (await screen.findByLabelText("Agent", { selector: "input" }, {})) as HTMLInputElement;
    await user.type(input, "agent-past-the-first-hundred{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?agent_id=agent-past-the-first-hundred"));
    await waitFor(() => expect(askedAgents(double)).toContain("agent-past-the-first-hundred"));
  });
});
