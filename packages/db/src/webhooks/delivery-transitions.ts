import {
  type DeliveryEvent,
  type DeliveryKey,
  type DeliveryState,
  type DeliveryStoredStatus,
  deliveryStatesFor,
  deliveryStoredStatusesFor,
  deliveryTransition,
  MAX_DELIVERY_ATTEMPTS,
  storedDeliveryStatus,
} from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import {
  abandonDeliveriesOfWebhook,
  abandonDeliveryRows,
  createDeliveries,
  createTestDeliveryRow,
  type IRecordDeliveryAttemptsParams,
  recordDeliveryAttempts,
  recoverDeliveryRows,
  retryFailedDelivery,
  retryRetryingDeliveryNow,
} from "./delivery-transitions.queries";

/**
 * Every change of a delivery's status, and nothing else, writes webhook_deliveries.status (with
 * the attempts, cycle and next_attempt_at that go with it): this module, the lifecycle's
 * transitions (@ctxlog/core DELIVERY_LIFECYCLE) as statements (delivery-transitions.sql). Each
 * statement holds its rows to the stored statuses of the states the table allows its event from
 * (`retrying` is stored `pending`: see ctxlog_delivery_state) and writes the stored status the
 * table leads to, both passed to SQL from LEADS_TO, which is checked against the table when this
 * module loads. delivery-status-owners.test.ts fails when another file writes those columns.
 */
const LEADS_TO: Record<DeliveryEvent, { from: DeliveryState[]; to: DeliveryState }> = {
  create: { from: [], to: "pending" },
  create_disabled: { from: [], to: "failed" },
  succeed: { from: ["pending", "retrying"], to: "succeeded" },
  // the statement cannot tell a first failure from a later one before it runs: both are due again
  fail_attempt: { from: ["pending", "retrying"], to: "retrying" },
  // only a retrying delivery can spend its last attempt (MAX_DELIVERY_ATTEMPTS > 1)
  exhaust: { from: ["retrying"], to: "failed" },
  abandon: { from: ["pending", "retrying"], to: "failed" },
  retry: { from: ["failed"], to: "pending" },
  retry_now: { from: ["retrying"], to: "retrying" },
  recover: { from: ["failed"], to: "pending" },
};
for (const [event, { from, to }] of Object.entries(LEADS_TO) as [
  DeliveryEvent,
  (typeof LEADS_TO)[DeliveryEvent],
][]) {
  const allowed = deliveryStatesFor(event);
  if (allowed.join() !== from.join())
    throw new Error(`delivery-transitions: ${event} is held to ${from}, the table says ${allowed}`);
  for (const f of from.length === 0 ? [null] : from) {
    if (deliveryTransition(f, event) !== to)
      throw new Error(`delivery-transitions: ${event} from ${f} does not lead to ${to}`);
  }
}
if (MAX_DELIVERY_ATTEMPTS < 2)
  throw new Error("delivery-transitions: exhaust assumes a first attempt is never the last");

/** What a statement for `event` is given: the stored statuses it applies to, and the one it writes. */
const stored = (event: DeliveryEvent): { from: DeliveryStoredStatus[]; to: DeliveryStoredStatus } => ({
  from: deliveryStoredStatusesFor(event),
  to: storedDeliveryStatus(LEADS_TO[event].to),
});

export interface NewDelivery extends DeliveryKey {
  /** its endpoint is disabled: `create_disabled` (stored failed with `disabledError`, not due) */
  disabled: boolean;
}

/**
 * `create` (or `create_disabled`): the fan-out's deliveries, one statement; a second fan-out of
 * the same event and webhook (the key) is a no-op. The keys created, `due` for those created pending.
 */
export async function createDeliveryRows(
  sql: SqlRunner,
  deliveries: readonly NewDelivery[],
  disabledError: string,
): Promise<(DeliveryKey & { due: boolean })[]> {
  if (deliveries.length === 0) return [];
  return runQuery(
    createDeliveries,
    {
      webhookIds: deliveries.map((d) => d.webhookId),
      eventIds: deliveries.map((d) => d.eventId),
      disabled: deliveries.map((d) => d.disabled),
      to: stored("create").to,
      disabledTo: stored("create_disabled").to,
      disabledError,
    },
    sql,
  );
}

/** `create`: a test event's one delivery, due at `now`. */
export async function createTestDeliveryOf(sql: SqlRunner, d: DeliveryKey & { now: Date }): Promise<void> {
  await runQuery(createTestDeliveryRow, { ...d, to: stored("create").to }, sql);
}

type Nullable = "responseStatuses" | "errors" | "exchanges" | "responseBodies";
/**
 * The recorded attempts' columns, one entry per attempt (see record-attempts.ts). pgTyped types an
 * array parameter's elements as not null; these four hold NULLs (no response, no error…).
 */
export type AttemptColumns = Omit<
  IRecordDeliveryAttemptsParams,
  "succeedTo" | "exhaustTo" | "failAttemptTo" | "from" | "maxAttempts" | Nullable
> & {
  responseStatuses: (number | null)[];
  errors: (string | null)[];
  exchanges: (string | null)[];
  responseBodies: (string | null)[];
};

/**
 * `succeed`, `fail_attempt` or `exhaust`, per attempt: a 2xx succeeds, a failure with attempts left
 * makes it retrying (due after its delay), the cycle's last failure fails it. Rows no longer
 * pending or retrying in that cycle (a duplicate run) are left as they are and not returned.
 * Each row says its endpoint's state as it was (for the endpoint's own transitions).
 */
export async function recordAttemptRows(sql: SqlRunner, columns: AttemptColumns) {
  const from = [
    ...new Set([...stored("succeed").from, ...stored("fail_attempt").from, ...stored("exhaust").from]),
  ];
  return runQuery(
    recordDeliveryAttempts,
    {
      ...(columns as Omit<AttemptColumns, Nullable> & Pick<IRecordDeliveryAttemptsParams, Nullable>),
      succeedTo: stored("succeed").to,
      failAttemptTo: stored("fail_attempt").to,
      exhaustTo: stored("exhaust").to,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      from,
    },
    sql,
  );
}

/** `abandon`: these deliveries (by their key), if still queued. */
export async function abandonDeliveryRowsOf(
  sql: SqlRunner,
  deliveries: readonly DeliveryKey[],
  reason: string,
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const rows = await runQuery(
    abandonDeliveryRows,
    {
      webhookIds: deliveries.map((d) => d.webhookId),
      eventIds: deliveries.map((d) => d.eventId),
      reason,
      ...stored("abandon"),
    },
    sql,
  );
  return rows.length;
}

/** `abandon`: every delivery the webhook still has queued (it was deleted or disabled). */
export async function abandonDeliveriesOf(
  sql: SqlRunner,
  webhookId: string,
  reason: string,
): Promise<number> {
  const rows = await runQuery(abandonDeliveriesOfWebhook, { webhookId, reason, ...stored("abandon") }, sql);
  return rows.length;
}

/** `retry`: a failed delivery of the webhook starts a new cycle, due now. False when it was not failed. */
export async function retryDeliveryRow(sql: SqlRunner, key: DeliveryKey): Promise<boolean> {
  return (await runQuery(retryFailedDelivery, { ...key, ...stored("retry") }, sql)).length > 0;
}

/**
 * `retry_now`: a retrying delivery of the webhook is due now (its next attempt of the same cycle,
 * not a new cycle). False when it is in no state for it.
 */
export async function retryDeliveryNowRow(sql: SqlRunner, key: DeliveryKey): Promise<boolean> {
  const rows = await runQuery(
    retryRetryingDeliveryNow,
    { ...key, ...stored("retry_now"), fromStates: LEADS_TO.retry_now.from },
    sql,
  );
  return rows.length > 0;
}

/**
 * `recover`: every failed delivery of the webhook whose event was created in [since, until) starts
 * a new cycle, due now. Their keys.
 */
export async function recoverDeliveryRowsOf(
  sql: SqlRunner,
  webhookId: string,
  window: { since: Date; until: Date | null },
) {
  return runQuery(recoverDeliveryRows, { webhookId, ...window, ...stored("recover") }, sql);
}
