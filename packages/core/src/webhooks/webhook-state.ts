import { type EndpointStoredStatus, endpointState } from "./endpoint-lifecycle";

/**
 * The health a live webhook endpoint is shown with, by the API (`health`), the overview
 * (`webhooks_by_health`), the webhook worker's metric and the console alike — its lifecycle state
 * (endpoint-lifecycle.ts, ENDPOINT_HEALTH states the rule), a deleted endpoint aside:
 * - `disabled`: nothing is sent to it (a 410 Gone, the disable-after rule, or disabled by hand);
 *   it wins over the delivery outcomes, so a disabled endpoint is never counted as active;
 * - `failing`: enabled, and a delivery has used all its attempts since the last success;
 * - `degraded`: enabled, and an attempt has failed since the last success (its delivery retries);
 * - `active`: enabled, and nothing has failed since the last success.
 */
export const WEBHOOK_HEALTH = ["active", "degraded", "failing", "disabled"] as const;
export type WebhookHealth = (typeof WEBHOOK_HEALTH)[number];

/**
 * The spec's `status` of a webhook: `active` or `failing`, with `disabled` as a third value (see
 * `disabled`); a degraded endpoint's status is `active` — it has not failed a delivery yet — and
 * its `health` says the rest.
 */
export const WEBHOOK_STATES = ["active", "failing", "disabled"] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** A live endpoint's health (endpoint-lifecycle.ts endpointState; a deleted one is never shown). */
export function webhookHealth(row: { status: EndpointStoredStatus; disabledAt: Date | null }): WebhookHealth {
  const state = endpointState({ ...row, deletedAt: null });
  if (state === "deleted") throw new Error("webhookHealth: a deleted endpoint has no health to show");
  return state;
}

/** A live endpoint's `status`: its health, degraded shown as active (WEBHOOK_STATES). */
export function webhookState(row: { status: EndpointStoredStatus; disabledAt: Date | null }): WebhookState {
  const health = webhookHealth(row);
  return health === "degraded" ? "active" : health;
}
