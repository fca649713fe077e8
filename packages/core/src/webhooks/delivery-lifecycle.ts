import { defineLifecycle, statesFor, transition } from "../lifecycle";

/** A delivery's stored statuses (the DeliveryStatus enum of prisma/schema.prisma). */
export const DELIVERY_STORED_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStoredStatus = (typeof DELIVERY_STORED_STATUSES)[number];

/**
 * A delivery's states: the stored ones and `retrying`, which is stored as `pending` — a pending
 * delivery that has made an attempt in its cycle (attempts > 0; a pending delivery always has its
 * next_attempt_at). packages/db derives it in one SQL function, ctxlog_delivery_state (migration
 * 20261129150000_lifecycle_states_defined), the way deliveryState below does in TypeScript.
 */
export const DELIVERY_STATES = ["pending", "retrying", "succeeded", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * A delivery's lifecycle: the one statement of its states and of what moves it between them.
 * packages/db/src/webhooks/delivery-transitions.ts is the one module that writes
 * webhook_deliveries.status (and the attempts, cycle and next_attempt_at that go with it), each
 * statement checked against this table. A delivery is created due now with its event (the fan-out,
 * or a test event), or failed at once when its endpoint is disabled (kept for a recover); each
 * attempt's outcome moves it on (a success; a failure with attempts left, due again after its
 * delay; the cycle's last failure); an endpoint deleted or disabled abandons what it still had
 * queued; the retry and recover routes start a new cycle of a failed one, and the retry route
 * makes a retrying one due now (its next attempt, not a new cycle).
 */
export const DELIVERY_LIFECYCLE = defineLifecycle({
  name: "delivery",
  states: DELIVERY_STATES,
  final: ["succeeded"],
  transitions: [
    { from: null, to: "pending", on: "create", note: "fan-out or test event, due now" },
    { from: null, to: "failed", on: "create_disabled", note: "its endpoint is disabled, kept for a recover" },
    { from: "pending", to: "succeeded", on: "succeed", note: "a 2xx" },
    { from: "retrying", to: "succeeded", on: "succeed", note: "a 2xx" },
    { from: "pending", to: "retrying", on: "fail_attempt", note: "attempts left, due after its delay" },
    { from: "retrying", to: "retrying", on: "fail_attempt", note: "attempts left, due after its delay" },
    { from: "retrying", to: "failed", on: "exhaust", note: "the cycle's last attempt failed" },
    { from: "pending", to: "failed", on: "abandon", note: "its endpoint deleted or disabled" },
    { from: "retrying", to: "failed", on: "abandon", note: "its endpoint deleted or disabled" },
    { from: "failed", to: "pending", on: "retry", note: "a new cycle, the retry route" },
    { from: "retrying", to: "retrying", on: "retry_now", note: "due now, same cycle, the retry route" },
    { from: "failed", to: "pending", on: "recover", note: "a new cycle, the recover route" },
  ],
});

export type DeliveryEvent = (typeof DELIVERY_LIFECYCLE.transitions)[number]["on"];

/** The state stored as `pending` with attempts made in its cycle (ctxlog_delivery_state's rule). */
export function deliveryState(row: { status: DeliveryStoredStatus; attempts: number }): DeliveryState {
  return row.status === "pending" && row.attempts > 0 ? "retrying" : row.status;
}

/** How a state is stored: `retrying` is a pending row (its attempts tell it apart). */
export const storedDeliveryStatus = (state: DeliveryState): DeliveryStoredStatus =>
  state === "retrying" ? "pending" : state;

/** The state `event` moves a delivery to from `from` (null: a new one); throws TransitionRefused. */
export const deliveryTransition = (from: DeliveryState | null, event: DeliveryEvent): DeliveryState =>
  transition(DELIVERY_LIFECYCLE, from, event);

/** The states a delivery may be in for `event` to apply. */
export const deliveryStatesFor = (event: DeliveryEvent): DeliveryState[] =>
  statesFor(DELIVERY_LIFECYCLE, event);

/**
 * The stored statuses a statement holds its rows to for `event` (what its WHERE tests: a partial
 * index on status = 'pending' still serves it), each once, in the table's order.
 */
export const deliveryStoredStatusesFor = (event: DeliveryEvent): DeliveryStoredStatus[] => [
  ...new Set(deliveryStatesFor(event).map(storedDeliveryStatus)),
];
