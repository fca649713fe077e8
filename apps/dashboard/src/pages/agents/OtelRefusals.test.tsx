/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const list = { status: 200, body: { data: [], next_cursor: null } };

describe("refused OpenTelemetry spans on the agents page", () => {
  it("says how many spans were refused in the last 24 h, why, and how to fix it", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/agents", reply: () => list },
      {
        method: "GET",
        path: "/otel/refusals",
        reply: () => ({
          status: 200,
          body: {
            window_hours: 24,
            data: [
              {
                reason: "agent_id",
                spans: 5,
                last_at: "2026-11-27T10:00:00.000Z",
                sample:
                  'the agent id "travel bot" (from resource attribute service.name) is not a valid agent_id',
                service_name: "travel bot",
                suggested_agent_id: "travel-bot",
                fix: "Set a valid agent id: OTEL_RESOURCE_ATTRIBUTES=ctxlog.agent_id=<id>.",
              },
              {
                reason: "context",
                spans: 1,
                last_at: "2026-11-27T09:00:00.000Z",
                sample: "This key may not create contexts for agent billing.",
                service_name: "svc",
                suggested_agent_id: null,
                fix: "A rule of every context.",
              },
            ],
          },
        }),
      },
    ]);
    renderApp("/agents", { fetch: api.fetch, session: SESSION });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("6 OpenTelemetry spans refused in the last 24 h")).toBeTruthy();
    expect(within(alert).getByText(/5 spans: no valid agent id/)).toBeTruthy();
    expect(within(alert).getByText(/is not a valid agent_id/)).toBeTruthy();
    expect(within(alert).getByText("OTEL_RESOURCE_ATTRIBUTES=ctxlog.agent_id=travel-bot")).toBeTruthy();
    expect(within(alert).getByText(/1 span: too large, or an agent the key may not write/)).toBeTruthy();
  });

  it("shows nothing when no span was refused", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/agents", reply: () => list },
      {
        method: "GET",
        path: "/otel/refusals",
        reply: () => ({ status: 200, body: { window_hours: 24, data: [] } }),
      },
    ]);
    renderApp("/agents", { fetch: api.fetch, session: SESSION });
    await screen.findByText("No agent has logged a context yet.");
    expect(api.callsTo("GET", "/otel/refusals")).toHaveLength(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
