/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const hook = (id: string, health: string) => ({
  webhook_id: id,
  url: `https://receiver.example/${id}`,
  events: ["context.created"],
  description: "",
  status: health === "degraded" ? "active" : health,
  health,
  disabled: health === "disabled",
  disabled_at: null,
  disabled_reason: null,
  rate_limit: null,
  created_at: "2026-11-26T10:00:00.000Z",
  updated_at: "2026-11-26T10:00:00.000Z",
  previous_secret_expires_at: null,
});

describe("the webhooks list", () => {
  it("shows each endpoint's health and filters by it, from the URL (the overview's tiles) and the select", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/webhooks",
        reply: (request) => {
          const health = request.query.get("health");
          const all = [hook("wh_1", "degraded"), hook("wh_2", "failing")];
          return {
            status: 200,
            body: { data: all.filter((w) => !health || w.health === health), next_cursor: null },
          };
        },
      },
    ]);
    renderApp("/webhooks?health=degraded", { fetch: api.fetch, session: SESSION });

    expect(await screen.findByText("https://receiver.example/wh_1")).toBeTruthy();
    expect(screen.getByText("degraded")).toBeTruthy();
    expect(screen.queryByText("https://receiver.example/wh_2")).toBeNull();
    expect(api.calls.find((c) => c.path === "/webhooks")?.query.get("health")).toBe("degraded");

    await userEvent.selectOptions(screen.getByLabelText("Health"), "failing");
    expect(await screen.findByText("https://receiver.example/wh_2")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("https://receiver.example/wh_1")).toBeNull());
  });
});
