import { idFloor, timeBuckets } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { attemptRatesOfWebhook } from "./read-delivery-rates.queries";

/** How far before the window a delivery may have been created and still be attempted in it. */
const RETRY_HORIZON_MS = 7 * 24 * 3_600_000;

export interface DeliveryRateBucket {
  start: Date;
  attempts: number;
  succeeded: number;
}

/**
 * One endpoint's attempts over [since, until) per time bucket (timeBuckets), zero-filled: how many
 * were made and how many succeeded. Reads the webhook's deliveries as a range of their key
 * (webhook_ref, event_id) — event ids are time-ordered — from RETRY_HORIZON_MS before the window (a retry or
 * recover of an older delivery is not counted), then their attempts (webhook_attempt_log: wherever
 * each lives, stored-attempts.ts).
 */
export async function readDeliveryRates(
  db: DbOrTx,
  webhookId: string,
  window: { since: Date; until: Date },
): Promise<{ bucketMs: number; buckets: DeliveryRateBucket[] }> {
  const { bucketMs, starts, start } = timeBuckets(window.since, window.until);
  const rows = await runQuery(
    attemptRatesOfWebhook,
    {
      webhookId,
      fromEventId: idFloor("evt", new Date(window.since.getTime() - RETRY_HORIZON_MS)),
      toEventId: idFloor("evt", new Date(window.until.getTime() + 1)),
      startMs: start.getTime(),
      bucketMs,
      since: window.since,
      until: window.until,
    },
    sqlOf(db),
  );
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return {
    bucketMs,
    buckets: starts.map((s, i) => ({
      start: s,
      attempts: byBucket.get(i)?.attempts ?? 0,
      succeeded: byBucket.get(i)?.succeeded ?? 0,
    })),
  };
}
