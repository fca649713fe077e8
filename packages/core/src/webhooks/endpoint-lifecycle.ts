import { defineLifecycle, statesFor, transition } from "../lifecycle";

/** An endpoint's stored health (the WebhookStatus enum of prisma/schema.prisma). */
export const ENDPOINT_STORED_STATUSES = ["active", "degraded", "failing"] as const;
export type EndpointStoredStatus = (typeof ENDPOINT_STORED_STATUSES)[number];

/**
 * An endpoint's (a webhook's) states: its stored health, and two that are stored as timestamps —
 * `disabled` (disabled_at set: nothing is sent to it; it wins over the health, which it keeps) and
 * `deleted` (deleted_at set: the row stays for its deliveries). packages/db derives the state in
 * one SQL function, ctxlog_endpoint_state (migration 20261129150000_lifecycle_states_defined), the
 * way endpointState below does in TypeScript.
 */
export const ENDPOINT_STATES = ["active", "degraded", "failing", "disabled", "deleted"] as const;
export type EndpointState = (typeof ENDPOINT_STATES)[number];

/**
 * The health rule, stated once (packages/db/src/webhooks/endpoint-transitions.sql is the SQL it
 * drives): an active endpoint is `degraded` from the first attempt that fails (its delivery is
 * retrying); a healthy or degraded one becomes `failing` when one of its deliveries spends every
 * attempt of a cycle (failing_since: then); any delivery that succeeds makes a degraded or failing
 * one `active` again; an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_HOURS (the webhook
 * worker's setting, this default) is disabled, as one answering 410 Gone is at once.
 */
export const ENDPOINT_HEALTH = {
  /** failed attempts (since the last success) that make an active endpoint degraded */
  degradedAfterFailedAttempts: 1,
  /** exhausted deliveries (since the last success) that make an active or degraded endpoint failing */
  failingAfterExhaustedDeliveries: 1,
  /** successful deliveries that make a degraded or failing endpoint active again */
  activeAfterSucceededDeliveries: 1,
  /** how long an endpoint may stay failing before it is disabled (hours) */
  defaultDisableAfterHours: 120,
  /** the HTTP status that disables an endpoint at once */
  goneStatus: 410,
} as const;

/**
 * An endpoint's lifecycle: the one statement of its states and of what moves it between them.
 * packages/db/src/webhooks/endpoint-transitions.ts is the one module that writes webhooks.status,
 * failing_since, disabled_at, disabled_reason and deleted_at, each statement checked against this
 * table. Enabling a disabled endpoint gives back the health it kept: `enable` if it was active or
 * degraded (the failures that degraded it are old news: it starts clean), `enable_failing` if it was
 * failing (its failing time restarts then).
 */
export const ENDPOINT_LIFECYCLE = defineLifecycle({
  name: "endpoint",
  states: ENDPOINT_STATES,
  final: ["deleted"],
  transitions: [
    { from: null, to: "active", on: "create", note: "POST /v1/webhooks" },
    { from: "active", to: "degraded", on: "fail_attempt", note: "an attempt failed" },
    { from: "active", to: "failing", on: "fail", note: "a delivery spent its attempts" },
    { from: "degraded", to: "failing", on: "fail", note: "a delivery spent its attempts" },
    { from: "degraded", to: "active", on: "succeed", note: "a delivery succeeded" },
    { from: "failing", to: "active", on: "succeed", note: "a delivery succeeded" },
    { from: "active", to: "disabled", on: "gone", note: "a 410 Gone" },
    { from: "degraded", to: "disabled", on: "gone", note: "a 410 Gone" },
    { from: "failing", to: "disabled", on: "gone", note: "a 410 Gone" },
    { from: "failing", to: "disabled", on: "disable_failing", note: "failing for too long" },
    { from: "active", to: "disabled", on: "disable", note: "by hand" },
    { from: "degraded", to: "disabled", on: "disable", note: "by hand" },
    { from: "failing", to: "disabled", on: "disable", note: "by hand" },
    { from: "disabled", to: "active", on: "enable", note: "it was active or degraded" },
    { from: "disabled", to: "failing", on: "enable_failing", note: "it was failing, counted from now" },
    { from: "active", to: "deleted", on: "delete", note: "DELETE /v1/webhooks/:id" },
    { from: "degraded", to: "deleted", on: "delete", note: "DELETE /v1/webhooks/:id" },
    { from: "failing", to: "deleted", on: "delete", note: "DELETE /v1/webhooks/:id" },
    { from: "disabled", to: "deleted", on: "delete", note: "DELETE /v1/webhooks/:id" },
  ],
});

export type EndpointEvent = (typeof ENDPOINT_LIFECYCLE.transitions)[number]["on"];

/** deleted, else disabled, else its stored health (ctxlog_endpoint_state's rule). */
export function endpointState(row: {
  status: EndpointStoredStatus;
  disabledAt: Date | null;
  deletedAt: Date | null;
}): EndpointState {
  if (row.deletedAt !== null) return "deleted";
  return row.disabledAt !== null ? "disabled" : row.status;
}

/** The state `event` moves an endpoint to from `from` (null: a new one); throws TransitionRefused. */
export const endpointTransition = (from: EndpointState | null, event: EndpointEvent): EndpointState =>
  transition(ENDPOINT_LIFECYCLE, from, event);

/** The states an endpoint may be in for `event` to apply (what a statement holds its rows to). */
export const endpointStatesFor = (event: EndpointEvent): EndpointState[] =>
  statesFor(ENDPOINT_LIFECYCLE, event);
