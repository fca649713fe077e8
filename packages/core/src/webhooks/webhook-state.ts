import { endpointState } from "./endpoint-lifecycle";

/**
 * The one set of states a webhook endpoint is shown in, by the API (`status`) and the overview
 * (`webhooks_by_status`) alike:
 * - `disabled`: nothing is sent to it (a 410 Gone, the disable-after rule, or disabled by hand);
 *   it wins over the delivery outcome, so a disabled endpoint is never counted as active;
 * - `failing`: enabled, and a delivery has used all its attempts since the last success;
 * - `active`: enabled, and no delivery has failed since the last success.
 */
export const WEBHOOK_STATES = ["active", "failing", "disabled"] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** A live endpoint's state (endpoint-lifecycle.ts endpointState; a deleted one is never shown). */
export function webhookState(row: { status: "active" | "failing"; disabledAt: Date | null }): WebhookState {
  const state = endpointState({ ...row, deletedAt: null });
  if (state === "deleted") throw new Error("webhookState: a deleted endpoint has no state to show");
  return state;
}
