/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { WebhookDeliveryDetail } from "../../api/schema";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const payload = '{"event":"context.created","test":true,"data":{"context_id":"ctx_1"}}';
const attempt = (number: number, overrides: Partial<WebhookDeliveryDetail["attempt_log"][number]> = {}) => ({
  cycle: 1,
  number,
  attempted_at: "2026-11-26T10:00:01.000Z",
  duration_ms: 42,
  response_status: 500,
  error: "HTTP 500",
  request: {
    url: "https://receiver.example/hooks",
    headers: { "content-type": "application/json", "x-service-timestamp": "1795777269" },
  },
  response: {
    status: 500,
    headers: { "content-type": "application/json", "set-cookie": ["a=1", "b=2"] },
    body: `{"error":"down #${number}"}`,
    body_truncated: number === 2,
  },
  ...overrides,
});
const delivery: WebhookDeliveryDetail = {
  delivery_id: "dlv_1",
  webhook_id: "wh_1",
  event: "context.created",
  event_id: "evt_1",
  status: "retrying", // three attempts failed, the fourth is due at next_attempt_at
  attempts: 3,
  cycle: 1,
  response_status: null,
  error_message: "connect ECONNREFUSED",
  created_at: "2026-11-26T10:00:00.000Z",
  last_attempt_at: "2026-11-26T10:00:03.000Z",
  next_attempt_at: "2026-11-26T10:00:05.000Z",
  payload,
  attempt_log: [
    attempt(1),
    attempt(2),
    attempt(3, { response_status: null, error: "connect ECONNREFUSED", response: null }),
  ],
};

describe("a delivery's page", () => {
  it("shows both sides of every attempt: the request's URL, headers and payload, the response's status, headers and body", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/webhooks/wh_1/deliveries/dlv_1",
        reply: () => ({ status: 200, body: delivery }),
      },
      {
        method: "POST",
        path: "/webhooks/wh_1/deliveries/dlv_1/retry",
        reply: () => ({ status: 202, body: { ...delivery, attempt_log: undefined } }),
      },
    ]);
    const user = userEvent.setup();
    renderApp("/webhooks/wh_1/deliveries/dlv_1", { fetch: api.fetch, session: SESSION });

    const body = await screen.findByLabelText("Response body of attempt 1.1", undefined, {});
    expect(JSON.parse(body.textContent ?? "")).toEqual({ error: "down #1" });
    expect(screen.getByLabelText("Response headers of attempt 1.2").textContent).toBe(
      "content-type: application/json\nset-cookie: a=1\nset-cookie: b=2",
    );
    expect(screen.getByText("The body was longer: only its first 4 KiB are kept.")).toBeTruthy();
    expect(screen.getByLabelText("Request headers of attempt 1.1").textContent).toContain(
      "x-service-timestamp: 1795777269",
    );
    // the record keeps no signature, and says so
    expect(screen.getAllByText(/Signatures are not kept/)).not.toHaveLength(0);
    expect(JSON.parse(screen.getByLabelText("Request body of attempt 1.1").textContent ?? "")).toEqual(
      JSON.parse(payload),
    );
    expect(JSON.parse(screen.getByLabelText("Payload").textContent ?? "")).toEqual(JSON.parse(payload));
    // the payload's copy is its exact bytes, the ones the signatures cover
    await user.click(screen.getByRole("button", { name: "Copy JSON of Payload" }));
    expect(await navigator.clipboard.readText()).toBe(payload);
    expect(screen.getByRole("link", { name: "evt_1" }).getAttribute("href")).toBe("/events/evt_1");
    expect(screen.getByText("No response: connect ECONNREFUSED")).toBeTruthy();
    // the latest attempt is open, the earlier ones are closed
    const disclosures = [...document.querySelectorAll("details")];
    expect(disclosures.map((d) => d.open)).toEqual([true, false, false]);
    expect(disclosures[0]?.textContent).toContain("Cycle 1, attempt 3: connect ECONNREFUSED, 42 ms");
    // retrying, not failed: it reads so, and offers its next attempt now rather than a new cycle
    expect(screen.getByText("retrying")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry delivery" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Retry now" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
        "/webhooks/wh_1/deliveries/dlv_1/retry",
      ]),
    );
  });
});

describe("a delivery of a disabled endpoint", () => {
  it("shows Retry as unavailable, with the reason, and sends no retry", async () => {
    const failed = { ...delivery, status: "failed" as const, next_attempt_at: null };
    const api = fetchDouble([
      {
        method: "GET",
        path: "/webhooks/wh_1/deliveries/dlv_1",
        reply: () => ({ status: 200, body: failed }),
      },
      {
        method: "GET",
        path: "/webhooks/wh_1",
        reply: () => ({
          status: 200,
          body: {
            webhook_id: "wh_1",
            url: "https://receiver.example/hooks",
            events: ["context.created"],
            description: "",
            status: "disabled",
            health: "disabled",
            disabled: true,
            disabled_at: "2026-11-26T11:00:00.000Z",
            disabled_reason: "gone",
            rate_limit: null,
            created_at: "2026-11-26T10:00:00.000Z",
            updated_at: "2026-11-26T11:00:00.000Z",
            previous_secret_expires_at: null,
          },
        }),
      },
    ]);
    renderApp("/webhooks/wh_1/deliveries/dlv_1", { fetch: api.fetch, session: SESSION });
    expect(
      await screen.findByText("Retry is unavailable: the endpoint is disabled", undefined, {}),
    ).toBeTruthy();
    expect(screen.getByText(/the receiver answered 410 Gone/)).toBeTruthy();
    // the delivery names its endpoint by URL, linked to its page
    const endpoint = screen.getByRole("link", { name: "https://receiver.example/hooks" });
    expect(endpoint.getAttribute("href")).toBe("/webhooks/wh_1");
    const retry = screen.getByRole("button", { name: "Retry delivery" }) as HTMLButtonElement;
    expect(retry.disabled).toBe(true);
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
