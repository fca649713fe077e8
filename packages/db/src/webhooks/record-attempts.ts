import { type DeliveryKey, deliveryIdOf, deliveryKeyText, type EndpointState } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import { recordAttemptRows } from "./delivery-transitions";
import { attemptHealthEvent, healthMayChange, recordEndpointHealthOf } from "./endpoint-transitions";
import { eventIdBounds } from "./event-id-bounds";
import { type AttemptSides, storedExchangeOf } from "./stored-attempts";

/**
 * The outcome of one HTTP attempt of a delivery (its key), as the worker observed it: its sides,
 * stored-attempts.ts.
 */
export interface AttemptOutcome extends AttemptSides, DeliveryKey {
  /** the cycle the attempt belongs to: an attempt of an older cycle no longer counts */
  cycle: number;
  attemptedAt: Date;
  /** when the attempt ended: the next one is scheduled from here */
  finishedAt: Date;
  durationMs: number;
  /** HTTP status, or null when no response came (connection error, timeout, refused address) */
  responseStatus: number | null;
  error: string | null;
  succeeded: boolean;
}

export interface RecordedAttempt {
  deliveryId: string;
  /** this attempt's number in its cycle (1–5) */
  attempts: number;
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: Date | null;
}

/**
 * Records attempts in one statement per batch. Each gets the next number of its cycle and is kept
 * where stored-attempts.ts says, with its request and response as its exchange. Its delivery moves on (the
 * delivery lifecycle's `succeed`, `fail_attempt` or `exhaust`, delivery-transitions.ts): succeeded;
 * failed once the cycle's attempts are spent; else retrying (stored pending), due again after
 * `retryDelaysMs[n-1]`. Its endpoint follows the health rule (endpoint-transitions.ts): one with
 * an exhausted delivery becomes `failing`, one with a success is `active` again. Outcomes for a
 * delivery that is no longer pending in that cycle (a duplicate run after a crash) change nothing
 * and are absent from the result, whose keys are deliveryKeyText's.
 */
export async function recordAttempts(
  db: DbOrTx,
  outcomes: AttemptOutcome[],
  retryDelaysMs: readonly number[],
): Promise<Map<string, RecordedAttempt>> {
  const result = new Map<string, RecordedAttempt>();
  // One row per delivery per statement: UPDATE … FROM applies only one input row to a target row.
  for (const round of roundsWithoutDuplicates(outcomes)) {
    for (const row of await recordRound(db, round, retryDelaysMs)) {
      result.set(deliveryKeyText({ eventId: row.event_id, webhookId: row.webhook_id }), {
        deliveryId: deliveryIdOf(row.event_id),
        attempts: row.attempts,
        status: row.status,
        nextAttemptAt: row.next_attempt_at,
      });
    }
  }
  return result;
}

function roundsWithoutDuplicates(outcomes: AttemptOutcome[]): AttemptOutcome[][] {
  const rounds: AttemptOutcome[][] = [];
  const seen: Set<string>[] = [];
  for (const outcome of outcomes) {
    let i = 0;
    const key = deliveryKeyText(outcome);
    while (seen[i]?.has(key)) i++;
    if (!seen[i]) seen[i] = new Set();
    if (!rounds[i]) rounds[i] = [];
    seen[i]?.add(key);
    rounds[i]?.push(outcome);
  }
  return rounds;
}

async function recordRound(db: DbOrTx, outcomes: AttemptOutcome[], delays: readonly number[]) {
  const col = <T>(f: (o: AttemptOutcome) => T) => outcomes.map(f);
  const { lo, hi } = eventIdBounds(outcomes);
  const columns = {
    webhookIds: col((o) => o.webhookId),
    cycles: col((o) => o.cycle),
    attemptedAt: col((o) => o.attemptedAt),
    finishedAt: col((o) => o.finishedAt),
    durationsMs: col((o) => Math.max(0, Math.round(o.durationMs))),
    responseStatuses: col((o) => o.responseStatus),
    errors: col((o) => o.error),
    oks: col((o) => o.succeeded),
    exchanges: col(storedExchangeOf),
    responseBodies: col((o) => o.response?.body ?? null),
    retryDelaysMs: [...delays],
    lo,
    hi,
    eventIds: col((o) => o.eventId),
  };
  // The delivery's transitions, then its endpoint's (the health rule), in one transaction; the
  // second statement only when an endpoint's health may change (not in the steady state).
  return inSqlTransaction(db, async (sql) => {
    const rows = await recordAttemptRows(sql, columns);
    const byEvent = { succeed: new Set<string>(), fail: new Set<string>(), fail_attempt: new Set<string>() };
    for (const r of rows) {
      const outcome = { succeeded: r.status === "succeeded", exhausted: r.status === "failed" };
      if (!healthMayChange(r.endpoint_state as EndpointState, outcome)) continue;
      byEvent[attemptHealthEvent(outcome)].add(r.webhook_id);
    }
    await recordEndpointHealthOf(sql, {
      succeeded: [...byEvent.succeed],
      exhausted: [...byEvent.fail],
      failedAttempt: [...byEvent.fail_attempt],
    });
    return rows;
  });
}
