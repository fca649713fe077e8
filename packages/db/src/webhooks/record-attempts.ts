import type { StoredRequestHeaders } from "@ctxlog/core";
import { encodeAttemptExchange, MAX_DELIVERY_ATTEMPTS } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { prismaSql } from "../sql-transaction";
import { eventIdBounds } from "./event-id-bounds";

/** The outcome of one HTTP attempt, as the worker observed it. */
export interface AttemptOutcome {
  deliveryId: string;
  /** the delivery's event id, as its target was loaded: with the webhook, the delivery's key */
  eventId: string;
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
  /** what was sent; null when nothing was (a refused plain-http URL) */
  /** the URL and the headers as stored (core's packRequestHeaders: the short form or the whole map) */
  request?: { url: string; headers: StoredRequestHeaders | null } | null;
  /** what came back; null when no response came */
  response?: {
    headers: Record<string, string | string[]>;
    /** at most 4 KiB, no NUL characters */
    body: string;
    bodyTruncated: boolean;
  } | null;
}

export interface RecordedAttempt {
  deliveryId: string;
  /** this attempt's number in its cycle (1–5) */
  attempts: number;
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: Date | null;
}

interface Row {
  id: string;
  attempts: number;
  status: RecordedAttempt["status"];
  next_attempt_at: Date | null;
}

/**
 * Records attempts in one statement per batch. Each gets the next number of its cycle and is kept
 * with its request and response compressed (`exchange`, attempt-exchange.ts): a delivery's first
 * in the delivery's own row (first_*), any other in webhook_attempts. Its delivery moves on:
 * succeeded; failed once the cycle's attempts are spent; else still pending, due again after
 * `retryDelaysMs[n-1]`. A webhook with an exhausted delivery becomes `failing` (failing_since: now,
 * the disable-after rule counts from there), and one with a success is `active` again. Outcomes for
 * a delivery that is no longer pending in that cycle (a duplicate run after a crash) change nothing
 * and are absent from the result.
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
      result.set(row.id, {
        deliveryId: row.id,
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
    while (seen[i]?.has(outcome.deliveryId)) i++;
    if (!seen[i]) seen[i] = new Set();
    if (!rounds[i]) rounds[i] = [];
    seen[i]?.add(outcome.deliveryId);
    rounds[i]?.push(outcome);
  }
  return rounds;
}

/** The attempt being recorded is the delivery's first (cycle 1, none made yet): kept in its row. */
const FIRST = "d.cycle = 1 AND d.attempts = 0";

const RECORD_ATTEMPTS_SQL = `
    WITH input AS (
      SELECT * FROM unnest(
        $1::text[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::int[],
        $7::text[], $8::boolean[], $9::text[], $10::text[], $14::text[]
      ) AS i(delivery_id, cycle, attempted_at, finished_at, duration_ms, response_status, error, ok,
             exchange, response_body, event_id)
    ), updated AS (
      UPDATE webhook_deliveries d
         SET attempts = d.attempts + 1,
             status = (CASE WHEN i.ok THEN 'succeeded'
                            WHEN d.attempts + 1 >= ${MAX_DELIVERY_ATTEMPTS} THEN 'failed'
                            ELSE 'pending' END)::"DeliveryStatus",
             response_status = i.response_status,
             error_message = i.error,
             last_attempt_at = i.attempted_at,
             -- the first attempt of cycle 1 stays in the row (its columns are NULL until then)
             first_attempted_at = CASE WHEN ${FIRST} THEN i.attempted_at ELSE d.first_attempted_at END,
             first_duration_ms = CASE WHEN ${FIRST} THEN i.duration_ms ELSE d.first_duration_ms END,
             first_response_status = CASE WHEN ${FIRST} THEN i.response_status ELSE d.first_response_status END,
             first_error = CASE WHEN ${FIRST} THEN i.error ELSE d.first_error END,
             first_exchange = CASE WHEN ${FIRST} THEN decode(i.exchange, 'base64') ELSE d.first_exchange END,
             first_response_body = CASE WHEN ${FIRST} THEN i.response_body ELSE d.first_response_body END,
             next_attempt_at = CASE WHEN i.ok OR d.attempts + 1 >= ${MAX_DELIVERY_ATTEMPTS} THEN NULL
               ELSE i.finished_at + ($11::int[])[d.attempts + 1] * interval '1 millisecond' END,
             updated_at = now()
        FROM input i
       -- by the key's event (a probe of (event_id, webhook_id)), within the batch's days
       WHERE d.event_id = i.event_id AND d.id = i.delivery_id AND d.cycle = i.cycle AND d.status = 'pending'
         AND d.event_id BETWEEN $12::text AND $13::text
   RETURNING d.id, d.event_id, d.webhook_id, d.attempts, d.status, d.next_attempt_at,
             i.cycle, i.attempted_at, i.duration_ms, i.response_status, i.error, i.exchange, i.response_body
    ), logged AS (
      INSERT INTO webhook_attempts (delivery_id, event_id, cycle, number, attempted_at, duration_ms, response_status,
                                    error, exchange, response_body)
      SELECT id, event_id, cycle, attempts, attempted_at, duration_ms, response_status, error,
             decode(exchange, 'base64'), response_body FROM updated
       WHERE NOT (cycle = 1 AND attempts = 1)
    ), outcome_by_webhook AS (
      SELECT webhook_id, bool_or(status = 'succeeded') AS any_ok, bool_or(status = 'failed') AS any_failed
        FROM updated GROUP BY webhook_id
    ), flipped AS (
      UPDATE webhooks w
         SET status = (CASE WHEN o.any_ok THEN 'active' ELSE 'failing' END)::"WebhookStatus", updated_at = now(),
             failing_since = CASE WHEN o.any_ok THEN NULL ELSE now() END
        FROM outcome_by_webhook o
       WHERE w.id = o.webhook_id
         AND ((o.any_ok AND w.status = 'failing') OR (NOT o.any_ok AND o.any_failed AND w.status = 'active'))
    )
    SELECT id, attempts, status::text AS status, next_attempt_at FROM updated`;

async function recordRound(db: DbOrTx, outcomes: AttemptOutcome[], delays: readonly number[]) {
  const col = <T>(f: (o: AttemptOutcome) => T) => outcomes.map(f);
  const { lo, hi } = eventIdBounds(outcomes);
  return prismaSql(db)<Row>(RECORD_ATTEMPTS_SQL, [
    col((o) => o.deliveryId),
    col((o) => o.cycle),
    col((o) => o.attemptedAt.toISOString()),
    col((o) => o.finishedAt.toISOString()),
    col((o) => Math.max(0, Math.round(o.durationMs))),
    col((o) => o.responseStatus),
    col((o) => o.error),
    col((o) => o.succeeded),
    // what was sent and what came back, compressed (attempt-exchange.ts), as base64 text; NULL when
    // neither (read as the legacy columns' NULLs say: nothing sent, no response)
    col((o) =>
      !o.request && !o.response
        ? null
        : encodeAttemptExchange({
            request: o.request ?? null,
            response: o.response
              ? { headers: o.response.headers, bodyTruncated: o.response.bodyTruncated }
              : null,
          }).toString("base64"),
    ),
    col((o) => o.response?.body ?? null),
    [...delays],
    lo,
    hi,
    col((o) => o.eventId),
  ]);
}
