import { idFloor, timeBuckets } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";

/** How far before the window a delivery may have been created and still be attempted in it. */
const RETRY_HORIZON_MS = 7 * 24 * 3_600_000;

export interface DeliveryRateBucket {
  start: Date;
  attempts: number;
  succeeded: number;
}

/**
 * One endpoint's attempts over [since, until) per time bucket (timeBuckets), zero-filled: how many
 * were made and how many succeeded. Reads the webhook's deliveries as an id range over
 * (webhook_id, id) — ids are time-ordered — from RETRY_HORIZON_MS before the window (a retry or
 * recover of an older delivery is not counted), then their attempts: the first from the row, the
 * others by delivery.
 */
export async function readDeliveryRates(
  db: DbOrTx,
  webhookId: string,
  window: { since: Date; until: Date },
): Promise<{ bucketMs: number; buckets: DeliveryRateBucket[] }> {
  const { bucketMs, starts, start } = timeBuckets(window.since, window.until);
  const rows = await db.$queryRaw<{ bucket: bigint; attempts: bigint; succeeded: bigint }[]>`
    WITH deliveries AS (
      SELECT id, event_id, first_attempted_at, first_error FROM webhook_deliveries
       WHERE webhook_id = ${webhookId}
         AND id >= ${idFloor("dlv", new Date(window.since.getTime() - RETRY_HORIZON_MS))}
         AND id < ${idFloor("dlv", new Date(window.until.getTime() + 1))}
    ), attempts AS (
      -- each delivery's first attempt is in its row, the others in webhook_attempts
      SELECT first_attempted_at AS attempted_at, first_error AS error FROM deliveries
       WHERE first_attempted_at IS NOT NULL
      UNION ALL
      SELECT a.attempted_at, a.error FROM deliveries d
        JOIN webhook_attempts a ON a.delivery_id = d.id AND a.event_id = d.event_id
    )
    SELECT floor((extract(epoch FROM attempted_at) * 1000 - ${start.getTime()}) / ${bucketMs})::bigint AS bucket,
           count(*) AS attempts, count(*) FILTER (WHERE error IS NULL) AS succeeded
      FROM attempts
     WHERE attempted_at >= ${window.since} AND attempted_at < ${window.until}
     GROUP BY 1`;
  const byBucket = new Map(rows.map((r) => [Number(r.bucket), r]));
  return {
    bucketMs,
    buckets: starts.map((s, i) => ({
      start: s,
      attempts: Number(byBucket.get(i)?.attempts ?? 0),
      succeeded: Number(byBucket.get(i)?.succeeded ?? 0),
    })),
  };
}
