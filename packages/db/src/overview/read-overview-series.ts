import { idFloor, timeBuckets } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";

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
  db: PrismaClient,
  userId: string,
  window: { since: Date; until: Date },
): Promise<{ bucketMs: number; points: SeriesPoint[] }> {
  const { bucketMs, starts, start } = timeBuckets(window.since, window.until);
  const s = start.getTime();
  const [received, confirmed] = await Promise.all([
    db.$queryRaw<{ bucket: bigint; n: bigint }[]>`
      SELECT floor((extract(epoch FROM created_at) * 1000 - ${s}) / ${bucketMs})::bigint AS bucket, count(*) AS n
        FROM contexts
       WHERE user_id = ${userId} AND id >= ${idFloor("ctx", window.since)} AND id < ${idFloor("ctx", window.until)}
       GROUP BY 1`,
    // each confirmed context (ctxlog_context_status), its batch (confirmed_contexts) and its
    // confirmation time as its record shows it (context-view.ts): its anchor's confirmation
    // less its own receipt, in whole seconds
    db.$queryRaw<{ bucket: bigint; n: bigint; p50: number | null; p95: number | null }[]>`
      SELECT floor((extract(epoch FROM a.confirmed_at) * 1000 - ${s}) / ${bucketMs})::bigint AS bucket, count(*) AS n,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p95
        FROM contexts c
        CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
        JOIN confirmed_contexts m ON m.id = c.id
        JOIN anchors a ON a.id = m.anchor_id
        CROSS JOIN LATERAL (
          SELECT greatest(0, round(extract(epoch FROM a.confirmed_at - c.created_at))) AS seconds
        ) t
       WHERE c.user_id = ${userId} AND s.status = 'confirmed'
         AND c.id >= ${idFloor("ctx", new Date(window.since.getTime() - DAY))} AND c.id < ${idFloor("ctx", window.until)}
         AND a.confirmed_at >= ${window.since} AND a.confirmed_at < ${window.until}
       GROUP BY 1`,
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
