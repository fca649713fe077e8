/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const hash = `0x${"ab".repeat(32)}`;

describe("the search box", () => {
  it("a pasted hash naming one context opens that context; several matches are listed", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/search",
        reply: (request) => ({
          status: 200,
          body: {
            query: request.query.get("q"),
            results:
              request.query.get("q") === hash
                ? [
                    {
                      kind: "context",
                      id: "ctx_1",
                      matched: "transaction_hash",
                      webhook_id: null,
                      context_id: null,
                    },
                  ]
                : [
                    {
                      kind: "webhook",
                      id: "whk_1",
                      matched: "webhook_id",
                      webhook_id: null,
                      context_id: null,
                    },
                    {
                      kind: "delivery",
                      id: "dlv_1",
                      matched: "delivery_id",
                      webhook_id: "whk_1",
                      context_id: null,
                    },
                    { kind: "trace", id: "4bf9", matched: "trace_id", webhook_id: null, context_id: "ctx_2" },
                    {
                      kind: "verification",
                      id: "vrf_1",
                      matched: "verification_id",
                      webhook_id: null,
                      context_id: null,
                    },
                    {
                      kind: "agent",
                      id: "planner-eu",
                      matched: "agent_id_prefix",
                      webhook_id: null,
                      context_id: null,
                    },
                  ],
          },
        }),
      },
      { method: "GET", path: "/overview", reply: () => ({ status: 500, body: {} }) },
      {
        method: "GET",
        path: "/contexts/ctx_1",
        reply: () => ({
          status: 404,
          body: { error: { code: "NOT_FOUND", message: "No context ctx_1.", request_id: "r" } },
        }),
      },
    ]);
    const user = userEvent.setup();
    const { router } = renderApp("/", { fetch: api.fetch, session: SESSION });
    await user.type(await screen.findByRole("textbox", { name: "Search" }), `${hash}{Enter}`);
    await screen.findByRole("heading", { name: "Context ctx_1" }, {});
    expect(router.state.location.pathname).toBe("/contexts/ctx_1");
    expect(api.callsTo("GET", "/search")[0]?.query.get("q")).toBe(hash);

    await user.type(screen.getByRole("textbox", { name: "Search" }), "{Control>}a{/Control}both{Enter}");
    const delivery = await screen.findByRole("link", { name: "delivery dlv_1" }, {});
    expect(delivery.getAttribute("href")).toBe("/webhooks/whk_1/deliveries/dlv_1");
    // a trace opens its first context (whose page draws the trace); an agent found by the start of its id says so
    expect(screen.getByRole("link", { name: "trace 4bf9" }).getAttribute("href")).toBe("/contexts/ctx_2");
    expect(screen.getByRole("link", { name: "verification vrf_1" }).getAttribute("href")).toBe(
      "/verifications/vrf_1",
    );
    const agent = screen.getByRole("link", { name: "agent planner-eu" });
    expect(agent.getAttribute("href")).toBe("/agents/planner-eu");
    expect(agent.parentElement?.textContent).toMatch(/its agent, by the start of its id/);
    expect(router.state.location.pathname).toBe("/search");
  });
});
