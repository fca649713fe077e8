/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const envelope = {
  event: "context.confirmed",
  timestamp: "2026-11-26T10:00:00.000Z",
  data: { context_id: "ctx_9", agent_id: "planner-7" },
};

describe("the events page", () => {
  it("asks for the chosen type and range, and shows each event's payload and deliveries", async () => {
    const api = fetchDouble([
      {
        // the type filter offers the catalog's types
        method: "GET",
        path: "/event-types",
        reply: () => ({
          status: 200,
          body: { data: ["context.created", "context.confirmed"].map((type) => ({ type, summary: type })) },
        }),
      },
      {
        method: "GET",
        path: "/events",
        reply: () => ({
          status: 200,
          body: {
            data: [
              {
                event_id: "evt_1",
                type: "context.confirmed",
                created_at: "2026-11-26T10:00:00.000Z",
                envelope,
                deliveries: [{ delivery_id: "dlv_1", webhook_id: "whk_1", status: "failed" }],
              },
            ],
            next_cursor: null,
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    renderApp("/events", { fetch: api.fetch, session: SESSION });
    const link = await screen.findByRole("link", { name: "dlv_1" }, {});
    expect(link.getAttribute("href")).toBe("/webhooks/whk_1/deliveries/dlv_1");
    expect(JSON.parse(screen.getByLabelText("Payload of evt_1").textContent ?? "")).toEqual(envelope);
    const first = api.callsTo("GET", "/events")[0]?.query;
    const span =
      Date.parse(first?.get("created_before") ?? "") - Date.parse(first?.get("created_after") ?? "");
    expect(span).toBe(86_400_000);
    expect(first?.get("type")).toBeNull();

    await screen.findByRole("option", { name: "context.confirmed" });
    await user.selectOptions(screen.getByLabelText("Type"), "context.confirmed");
    await user.click(screen.getByRole("radio", { name: "7 d" }));
    const last = api.callsTo("GET", "/events").at(-1)?.query;
    expect(last?.get("type")).toBe("context.confirmed");
    expect(Date.parse(last?.get("created_before") ?? "") - Date.parse(last?.get("created_after") ?? "")).toBe(
      7 * 86_400_000,
    );
  });
});
