import { idFloor, timeBuckets } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { confirmedPerBucket, receivedPerBucket } from "./read-overview-series.queries";

const DAY = 86_400_000;

export interface SeriesPoint {
  start: Date;
  /** contexts received in the bucket */
  received: number;
  /** contexts confirmed in the bucket, and their POST → confirmed time's median and 95th percentile */
  confirmed: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
}

/**
 * One user's contexts over [since, until) per time bucket (timeBuckets: at most 96), zero-filled:
 * received, and confirmed with the confirmation time's p50/p95. Both read the window as an id range
 * over (user_id, id) — ids are time-ordered — the confirmations from a day before it (a context is
 * confirmed seconds after it is received; a manual retry of an older one is not counted).
 */
export async function readOverviewSeries(
  db: DbOrTx,
  userId: string,
  window: { since: Date; until: Date },
): Promise<{ bucketMs: number; points: SeriesPoint[] }> {
  const { bucketMs, starts, start } = timeBuckets(window.since, window.until);
  const sql = sqlOf(db);
  const buckets = { startMs: start.getTime(), bucketMs };
  const [received, confirmed] = await Promise.all([
    runQuery(
      receivedPerBucket,
      { userId, ...buckets, idFrom: idFloor("ctx", window.since), idTo: idFloor("ctx", window.until) },
      sql,
    ),
    // confirmations from a day before the window's first id (see above)
    runQuery(
      confirmedPerBucket,
      {
        userId,
        ...buckets,
        idFrom: idFloor("ctx", new Date(window.since.getTime() - DAY)),
        idTo: idFloor("ctx", window.until),
        since: window.since,
        until: window.until,
      },
      sql,
    ),
  ]);
  const r = new Map(received.map((row) => [Number(row.bucket), Number(row.n)]));
  const c = new Map(confirmed.map((row) => [Number(row.bucket), row]));
  return {
    bucketMs,
    points: starts.map((at, i) => ({
      start: at,
      received: r.get(i) ?? 0,
      confirmed: Number(c.get(i)?.n ?? 0),
      p50Seconds: c.get(i)?.p50 ?? null,
      p95Seconds: c.get(i)?.p95 ?? null,
    })),
  };
}
