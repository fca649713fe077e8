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
 * recover of an older delivery is not counted), then their attempts by delivery.
 */
export async function readDeliveryRates(
  db: DbOrTx,
  webhookId: string,
  window: { since: Date; until: Date },
): Promise<{ bucketMs: number; buckets: DeliveryRateBucket[] }> {
  const { bucketMs, starts, start } = timeBuckets(window.since, window.until);
  const rows = await db.$queryRaw<{ bucket: bigint; attempts: bigint; succeeded: bigint }[]>`
    SELECT floor((extract(epoch FROM a.attempted_at) * 1000 - ${start.getTime()}) / ${bucketMs})::bigint AS bucket,
           count(*) AS attempts, count(*) FILTER (WHERE a.error IS NULL) AS succeeded
      FROM webhook_deliveries d
      JOIN webhook_attempts a ON a.delivery_id = d.id AND a.event_id = d.event_id
     WHERE d.webhook_id = ${webhookId}
       AND d.id >= ${idFloor("dlv", new Date(window.since.getTime() - RETRY_HORIZON_MS))}
       AND d.id < ${idFloor("dlv", new Date(window.until.getTime() + 1))}
       AND a.attempted_at >= ${window.since} AND a.attempted_at < ${window.until}
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
