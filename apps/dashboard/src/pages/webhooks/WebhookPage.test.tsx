/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
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
  health: "active",
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
  // above it still said `active` until a reload; and an endpoint whose attempts failed read a green
  // `active` until every retry had run out (issue 40): it reads `degraded` from the first.
  it("shows the webhook degraded while a delivery retries, then failing, without a reload", async () => {
    let failed = false;
    const api = fetchDouble([
      {
        method: "GET",
        path: "/webhooks/wh_1",
        reply: () => ({
          status: 200,
          body: {
            ...webhook,
            ...(failed ? { status: "failing", health: "failing" } : { health: "degraded" }),
          },
        }),
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

    expect(await screen.findByText("degraded")).toBeTruthy();
    expect(screen.getByText("Degraded: recent attempts failed")).toBeTruthy();
    // a retrying delivery reads so in the list, with its next attempt's time, and is polled
    expect(await screen.findByText("retrying")).toBeTruthy();
    expect(screen.getByText(/^next/)).toBeTruthy();
    expect(await screen.findByText("failed", undefined, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText("failing", undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText("Failing: a delivery used all its attempts")).toBeTruthy();
  });
});

describe("a webhook's controls", () => {
  it("disable is apart from Edit, red and confirmed (PUT disabled: true); Enable; recover sends the chosen window", async () => {
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
            health: disabled ? "disabled" : "active",
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
              health: disabled ? "disabled" : "active",
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

    // the field names its zone (UTC until the person picks local time) and reads the one format
    const from = screen.getByLabelText("Resend failed deliveries created from (UTC)");
    await user.clear(from);
    await user.type(from, "2026-11-25 08:30:15");
    await user.click(screen.getByRole("button", { name: "Recover" }));
    expect(await screen.findByText("2 deliveries queued again.")).toBeTruthy();
    expect(api.callsTo("POST", "/webhooks/wh_1/recover")[0]?.body).toEqual({
      since: "2026-11-25T08:30:15.000Z",
    });

    // the heading is the endpoint's URL; Edit is not among the destructive actions
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(webhook.url);
    const zone = screen.getByRole("heading", { name: "Danger zone" }).parentElement as HTMLElement;
    expect(within(zone).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
    for (const name of ["Disable", "Rotate secret", "Delete"]) {
      expect(within(zone).getByRole("button", { name }).getAttribute("data-variant")).toBe("light");
    }

    await user.click(within(zone).getByRole("button", { name: "Disable" }));
    const confirm = await screen.findByRole("dialog", { name: "Disable this webhook?" });
    expect(api.callsTo("PUT", "/webhooks/wh_1")).toHaveLength(0); // nothing before confirming
    await user.click(within(confirm).getByRole("button", { name: "Disable webhook" }));
    expect(await screen.findByText("Disabled: nothing is sent to this endpoint")).toBeTruthy();
    expect(api.callsTo("PUT", "/webhooks/wh_1")[0]?.body).toEqual({ disabled: true });
    expect(screen.getAllByText("disabled").length).toBeGreaterThan(0);
    // a disabled endpoint offers Enable (not destructive: no confirmation), and no Disable
    expect(within(zone).queryByRole("button", { name: "Disable" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Enable" }));
    expect(await screen.findByText("75 % of 4 attempts succeeded in the last 24 h.")).toBeTruthy();
    expect(api.callsTo("PUT", "/webhooks/wh_1")[1]?.body).toEqual({ disabled: false });
    expect(await screen.findByRole("button", { name: "Disable" })).toBeTruthy();
  });
});
