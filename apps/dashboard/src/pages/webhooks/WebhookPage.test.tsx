/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";
import { DELIVERY_POLL } from "./use-webhooks";

const webhook = {
  webhook_id: "wh_1",
  url: "https://receiver.example/hooks",
  events: ["context.confirmed"],
  description: "",
  status: "active",
  created_at: "2026-11-26T10:00:00.000Z",
  updated_at: "2026-11-26T10:00:00.000Z",
  previous_secret_expires_at: null,
};
const delivery = {
  delivery_id: "dlv_1",
  webhook_id: "wh_1",
  event: "context.created",
  status: "pending",
  attempts: 1,
  response_status: 500,
  error_message: null,
  created_at: "2026-11-26T10:00:00.000Z",
  last_attempt_at: "2026-11-26T10:00:01.000Z",
  next_attempt_at: "2026-11-26T10:00:02.000Z",
};

describe("a webhook's page", () => {
  const normal = DELIVERY_POLL.ms;
  beforeAll(() => {
    DELIVERY_POLL.ms = 25;
  });
  afterAll(() => {
    DELIVERY_POLL.ms = normal;
  });

  // Found in the browser against the real stack: the delivery showed `failed` while the webhook
  // above it still said `active` until a reload.
  it("shows the webhook `failing` as soon as a delivery on it has failed, without a reload", async () => {
    let failed = false;
    const api = fetchDouble([
      {
        method: "GET",
        path: "/webhooks/wh_1",
        reply: () => ({ status: 200, body: { ...webhook, status: failed ? "failing" : "active" } }),
      },
      {
        method: "GET",
        path: "/webhooks/wh_1/deliveries",
        reply: (_request, n) => {
          if (n >= 3) failed = true; // the worker gave up: the delivery and its webhook change together
          return {
            status: 200,
            body: {
              data: [{ ...delivery, ...(failed ? { status: "failed", attempts: 5 } : {}) }],
              next_cursor: null,
            },
          };
        },
      },
    ]);
    renderApp("/webhooks/wh_1", { fetch: api.fetch, session: SESSION });

    expect(await screen.findByText("active")).toBeTruthy();
    expect(await screen.findByText("failed", undefined, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByText("failing", undefined, { timeout: 3000 })).toBeTruthy();
  });
});
