/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
  status: "retrying", // an attempt failed; the next is at next_attempt_at
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
    // a retrying delivery reads so in the list, with its next attempt's time, and is polled
    expect(await screen.findByText("retrying")).toBeTruthy();
    expect(screen.getByText(/^next/)).toBeTruthy();
    expect(await screen.findByText("failed", undefined, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByText("failing", undefined, { timeout: 3000 })).toBeTruthy();
  });
});

describe("a webhook's controls", () => {
  it("the switch disables the endpoint (PUT disabled: true); recover sends the chosen window", async () => {
    let disabled = false;
    const api = fetchDouble([
      {
        method: "GET",
        path: "/webhooks/wh_1",
        reply: () => ({
          status: 200,
          body: {
            ...webhook,
            disabled,
            status: disabled ? "disabled" : "active",
            disabled_at: null,
            disabled_reason: disabled ? "manual" : null,
            rate_limit: null,
          },
        }),
      },
      {
        method: "PUT",
        path: "/webhooks/wh_1",
        reply: (request) => {
          disabled = (request.body as { disabled: boolean }).disabled;
          return {
            status: 200,
            body: {
              ...webhook,
              disabled,
              status: disabled ? "disabled" : "active",
              disabled_at: disabled ? webhook.updated_at : null,
              disabled_reason: disabled ? "manual" : null,
              rate_limit: null,
            },
          };
        },
      },
      {
        method: "POST",
        path: "/webhooks/wh_1/recover",
        reply: () => ({ status: 202, body: { recovering: 2 } }),
      },
      {
        method: "GET",
        path: "/webhooks/wh_1/deliveries",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
      {
        method: "GET",
        path: "/webhooks/wh_1/stats",
        reply: (request) => ({
          status: 200,
          body: {
            webhook_id: "wh_1",
            since: request.query.get("since"),
            until: request.query.get("until"),
            bucket_seconds: 900,
            buckets: [
              { start: "2026-11-26T10:00:00.000Z", attempts: 4, succeeded: 3, success_rate: 0.75 },
              { start: "2026-11-26T10:15:00.000Z", attempts: 0, succeeded: 0, success_rate: null },
            ],
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    renderApp("/webhooks/wh_1", { fetch: api.fetch, session: SESSION });
    expect(
      await screen.findByText("75 % of 4 attempts succeeded in the last 24 h.", undefined, {}),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText("Resend failed deliveries created from"));
    await user.type(screen.getByLabelText("Resend failed deliveries created from"), "2026-11-25T08:30");
    await user.click(screen.getByRole("button", { name: "Recover" }));
    expect(await screen.findByText("2 deliveries queued again.")).toBeTruthy();
    expect(api.callsTo("POST", "/webhooks/wh_1/recover")[0]?.body).toEqual({
      since: new Date(2026, 10, 25, 8, 30).toISOString(),
    });

    await user.click(screen.getByRole("switch", { name: /^Send events to this endpoint/ }));
    expect(await screen.findByText("Disabled: nothing is sent to this endpoint")).toBeTruthy();
    expect(api.callsTo("PUT", "/webhooks/wh_1")[0]?.body).toEqual({ disabled: true });
    expect(screen.getAllByText("disabled").length).toBeGreaterThan(0);
  });
});
