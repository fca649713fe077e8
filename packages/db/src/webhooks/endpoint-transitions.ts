import {
  type EndpointEvent,
  type EndpointState,
  type EndpointStoredStatus,
  endpointStatesFor,
  endpointTransition,
  type WebhookDisabledReason,
} from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import {
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  enableEndpoint,
  endpointAllows as endpointAllowsQuery,
  recordEndpointHealth,
} from "./endpoint-transitions.queries";

/**
 * Every change of an endpoint's (a webhook's) state, and nothing else, writes webhooks.status,
 * failing_since, disabled_at, disabled_reason and deleted_at: this module, the lifecycle's
 * transitions (@ctxlog/core ENDPOINT_LIFECYCLE) as statements (endpoint-transitions.sql). Each
 * statement holds its rows to the states the table allows its event from (ctxlog_endpoint_state,
 * the one SQL definition of the state) and writes what the table leads to, both from LEADS_TO,
 * which is checked against the table when this module loads. endpoint-status-owners.test.ts fails
 * when another file writes those columns or derives the state in SQL.
 */
const LEADS_TO: Record<EndpointEvent, { from: EndpointState[]; to: EndpointState }> = {
  create: { from: [], to: "active" },
  fail_attempt: { from: ["active"], to: "degraded" },
  fail: { from: ["active", "degraded"], to: "failing" },
  succeed: { from: ["degraded", "failing"], to: "active" },
  gone: { from: ["active", "degraded", "failing"], to: "disabled" },
  disable_failing: { from: ["failing"], to: "disabled" },
  disable: { from: ["active", "degraded", "failing"], to: "disabled" },
  // a disabled endpoint kept its stored health: enabling it gives that back (a degraded one starts
  // clean, active)
  enable: { from: ["disabled"], to: "active" },
  enable_failing: { from: ["disabled"], to: "failing" },
  delete: { from: ["active", "degraded", "failing", "disabled"], to: "deleted" },
};
for (const [event, { from, to }] of Object.entries(LEADS_TO) as [
  EndpointEvent,
  (typeof LEADS_TO)[EndpointEvent],
][]) {
  const allowed = endpointStatesFor(event);
  if (allowed.join() !== from.join())
    throw new Error(`endpoint-transitions: ${event} is held to ${from}, the table says ${allowed}`);
  for (const f of from.length === 0 ? [null] : from) {
    if (endpointTransition(f, event) !== to)
      throw new Error(`endpoint-transitions: ${event} from ${f} does not lead to ${to}`);
  }
}

/** The stored health of a state that is one (active, degraded, failing). */
const health = (state: EndpointState): EndpointStoredStatus => {
  if (state !== "active" && state !== "degraded" && state !== "failing")
    throw new Error(`endpoint-transitions: ${state} is not stored`);
  return state;
};

/** Each WebhookDisabledReason is one event of the table. */
const DISABLE_EVENT: Record<WebhookDisabledReason, EndpointEvent> = {
  gone: "gone",
  failing: "disable_failing",
  manual: "disable",
};

export interface NewEndpoint {
  id: string;
  userId: string;
  url: string;
  events: string[];
  description: string;
  rateLimit: number | null;
  /** sealed (secrets-at-rest) */
  secret: string;
  secretKeyId: string | null;
  now: Date;
}

/** `create`: a new endpoint, active. */
export async function createEndpointRow(sql: SqlRunner, endpoint: NewEndpoint): Promise<void> {
  await runQuery(createEndpoint, { ...endpoint, to: health(LEADS_TO.create.to) }, sql);
}

/** What an attempt did to its endpoint's health. */
export type AttemptHealthOutcome = { succeeded: boolean; exhausted: boolean };
/** The event of the table an attempt's outcome stands for (recordEndpointHealthOf's sets). */
export const attemptHealthEvent = (o: AttemptHealthOutcome) =>
  o.succeeded ? "succeed" : o.exhausted ? "fail" : ("fail_attempt" as const);

/**
 * The health rule's first steps (ENDPOINT_HEALTH), for the endpoints of a set of attempts: `succeed`
 * for each endpoint with a delivery that succeeded (a degraded or failing one is active again,
 * failing_since cleared), else `fail` for each with a delivery that spent its attempts (failing from
 * now, when the disable-after rule starts counting), else `fail_attempt` for each with an attempt
 * that failed (an active one is degraded). Endpoints in any other state are left as they are. The
 * ids changed.
 */
export async function recordEndpointHealthOf(
  sql: SqlRunner,
  outcomes: { succeeded: readonly string[]; exhausted: readonly string[]; failedAttempt: readonly string[] },
): Promise<string[]> {
  if (outcomes.succeeded.length + outcomes.exhausted.length + outcomes.failedAttempt.length === 0) return [];
  const rows = await runQuery(
    recordEndpointHealth,
    {
      succeeded: [...outcomes.succeeded],
      exhausted: [...outcomes.exhausted],
      failedAttempt: [...outcomes.failedAttempt],
      succeedFrom: LEADS_TO.succeed.from,
      succeedTo: health(LEADS_TO.succeed.to),
      failFrom: LEADS_TO.fail.from,
      failTo: health(LEADS_TO.fail.to),
      failAttemptFrom: LEADS_TO.fail_attempt.from,
      failAttemptTo: health(LEADS_TO.fail_attempt.to),
    },
    sql,
  );
  return rows.map((r) => r.id);
}

/**
 * Whether an endpoint in `state` whose attempt had this outcome may change its health (what
 * recordEndpointHealthOf would do): lets the hot path skip the statement when none can (a healthy
 * endpoint's successes, a degraded one's further failed attempts, a failing one's failures).
 */
export function healthMayChange(state: EndpointState, outcome: AttemptHealthOutcome): boolean {
  return LEADS_TO[attemptHealthEvent(outcome)].from.includes(state);
}

/**
 * `gone`, `disable_failing` or `disable` (by the reason): the endpoint is disabled. `failingBefore`
 * (disable_failing, the health rule's last step): only if it has been failing since then.
 * `userId`: only the user's. The row disabled, or null when nothing changed (already disabled,
 * deleted, recovered meanwhile, or not failing long enough): the condition is in the statement, so
 * concurrent workers disable it once.
 */
export async function disableEndpointRow(
  sql: SqlRunner,
  webhookId: string,
  reason: WebhookDisabledReason,
  opts: { failingBefore?: Date; userId?: string } = {},
) {
  const event = DISABLE_EVENT[reason];
  if (event === "disable_failing" && !opts.failingBefore)
    throw new Error("endpoint-transitions: disable_failing needs the time it must have been failing since");
  const [row] = await runQuery(
    disableEndpoint,
    {
      webhookId,
      reason,
      from: LEADS_TO[event].from,
      userId: opts.userId ?? null,
      failingBefore: opts.failingBefore ?? null,
    },
    sql,
  );
  return row ?? null;
}

/**
 * `enable` or `enable_failing`: a disabled endpoint of the user is enabled with the health it kept;
 * a failing one counts its failing time from now (the disable-after rule gives it the whole period
 * again), any other is active. False when the user has no such disabled endpoint.
 */
export async function enableEndpointRow(sql: SqlRunner, userId: string, webhookId: string): Promise<boolean> {
  const from = [...new Set([...LEADS_TO.enable.from, ...LEADS_TO.enable_failing.from])];
  const rows = await runQuery(
    enableEndpoint,
    {
      webhookId,
      userId,
      from,
      failingStored: health(LEADS_TO.enable_failing.to),
      enableTo: health(LEADS_TO.enable.to),
    },
    sql,
  );
  return rows.length > 0;
}

/**
 * Whether `delete` (a reason absent) or the reason's disable event would change the endpoint now,
 * read without a lock: a transaction that writes the endpoint's deliveries before it (the lock
 * order, delete-webhook.ts) starts only when it would, and its endpoint statement checks again.
 */
export async function endpointAllows(
  sql: SqlRunner,
  webhookId: string,
  change: { reason?: WebhookDisabledReason; userId?: string; failingBefore?: Date },
): Promise<boolean> {
  const event = change.reason ? DISABLE_EVENT[change.reason] : "delete";
  const rows = await runQuery(
    endpointAllowsQuery,
    {
      webhookId,
      from: LEADS_TO[event].from,
      userId: change.userId ?? null,
      failingBefore: change.failingBefore ?? null,
    },
    sql,
  );
  return rows.length > 0;
}

/** `delete`: the user's endpoint leaves every listing and fan-out (its row stays). False if none. */
export async function deleteEndpointRow(sql: SqlRunner, userId: string, webhookId: string): Promise<boolean> {
  return (await runQuery(deleteEndpoint, { webhookId, userId, from: LEADS_TO.delete.from }, sql)).length > 0;
}
