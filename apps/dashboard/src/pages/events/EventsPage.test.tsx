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
        path: "/webhooks/whk_1",
        reply: () => ({ status: 200, body: { webhook_id: "whk_1", url: "https://receiver.example/in" } }),
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
    // every id links to its page: the event, what it is about, the endpoint of its delivery (by URL)
    const hrefs = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(hrefs("evt_1")).toBe("/events/evt_1");
    expect(hrefs("ctx_9")).toBe("/contexts/ctx_9");
    expect(hrefs("planner-7")).toBe("/agents/planner-7");
    expect(
      (await screen.findByRole("link", { name: "https://receiver.example/in" })).getAttribute("href"),
    ).toBe("/webhooks/whk_1");
    await user.click(screen.getByRole("button", { name: "Copy delivery id" }));
    expect(await navigator.clipboard.readText()).toBe("dlv_1");
    // the payload is drawn once its disclosure opens
    expect(screen.queryByLabelText("Payload of evt_1")).toBeNull();
    await user.click(screen.getByText("Payload"));
    expect(JSON.parse((await screen.findByLabelText("Payload of evt_1")).textContent ?? "")).toEqual(
      envelope,
    );
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

describe("a test event", () => {
  it("shows its sample ids without links: no page has them", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/events/evt_t",
        reply: () => ({
          status: 200,
          body: {
            event_id: "evt_t",
            type: "context.created",
            created_at: "2026-11-26T10:00:00.000Z",
            envelope: { ...envelope, event: "context.created", test: true },
            deliveries: [],
          },
        }),
      },
    ]);
    renderApp("/events/evt_t", { fetch: api.fetch, session: SESSION });
    expect(
      await screen.findByText("Sample ids: a test event is about no real record.", undefined, {}),
    ).toBeTruthy();
    expect(screen.getByText("ctx_9")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "ctx_9" })).toBeNull();
    // its own page: the event id is not a link to itself, and copies
    expect(screen.queryByRole("link", { name: "evt_t" })).toBeNull();
    expect(screen.getByRole("button", { name: "Copy event id" })).toBeTruthy();
    // open on its page: the payload is drawn
    expect(JSON.parse(screen.getByLabelText("Payload of evt_t").textContent ?? "")).toMatchObject({
      test: true,
    });
  });
});
