import { type PrismaClient, readAnchoringHealth, readBacklogAges, readLastAnchors } from "@ctxlog/db";
import type { z } from "zod";
import type { ApiDeps } from "../../deps";
import type { NoSchemas, RouteHandler } from "../route-spec";
import type { anchoringStatusSchema } from "./schemas";

const DEFAULT_THRESHOLD_SECONDS = 60;
/** the chain worker writes its verdict every few seconds: a row older than this is a silent worker */
const SILENT_AFTER_MS = 2 * 60_000;

export type AnchoringStatus = z.infer<typeof anchoringStatusSchema>;

/**
 * GET /v1/anchoring/status — the overview's `anchoring` alone: what the console's header polls on
 * every page, three small reads instead of the whole overview.
 */
export function getAnchoringStatus({ db, env }: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ res }) => {
    res.json(await readAnchoringStatus(db, env.NETWORK_NAME));
  };
}

/**
 * Whether anchoring keeps up, from PostgreSQL alone: the chain worker's last verdict (table
 * anchoring_health) checked against the oldest pending context now, so a worker that died or
 * never started still shows as a stall once contexts wait past the threshold; and whether the
 * newest batch to end failed (e.g. the anchor key ran out of gas money): its contexts failed
 * rather than waited, so no stall shows it, yet nothing anchors until it is fixed.
 */
export async function readAnchoringStatus(
  db: PrismaClient,
  network: string,
  now = Date.now(),
): Promise<AnchoringStatus> {
  const [health, ages, last] = await Promise.all([
    readAnchoringHealth(db, network),
    readBacklogAges(db),
    readLastAnchors(db),
  ]);
  const oldest = ages.oldestPendingContextAt;
  const behindMs = oldest ? Math.max(0, now - oldest.getTime()) : 0;
  const behind = Math.round(behindMs / 1000);
  const threshold = health?.thresholdSeconds ?? DEFAULT_THRESHOLD_SECONDS;
  const reportedAt = health?.updatedAt.toISOString() ?? null;
  const base = {
    behind_seconds: behind,
    threshold_seconds: threshold,
    reported_at: reportedAt,
    last_anchored_at: last.confirmedAt?.toISOString() ?? null,
  };
  if (health?.state === "wrong_chain") return { ...base, state: "wrong_chain", reason: health.lastError };
  // a batch failed after the last one confirmed: failing until one confirms again
  if (last.failedAt && (last.confirmedAt === null || last.failedAt > last.confirmedAt)) {
    const why = last.failureReason ?? "unknown reason";
    return {
      ...base,
      state: "failing",
      reason: `The last batch failed (${why}) at ${last.failedAt.toISOString()}.`,
    };
  }
  // in milliseconds, as the chain worker decides (anchoring-monitor.ts): compared after rounding,
  // 6.4 s behind a 6 s threshold read as "ok" here while the worker's health said "stalled"
  const late = behindMs > threshold * 1000;
  if (!health) {
    return late
      ? { ...base, state: "stalled", reason: "No chain worker has reported: is it running?" }
      : { ...base, state: "unknown", reason: null };
  }
  if (now - health.updatedAt.getTime() > SILENT_AFTER_MS && late) {
    return { ...base, state: "stalled", reason: `The chain worker has not reported since ${reportedAt}.` };
  }
  return late
    ? { ...base, state: "stalled", reason: health.lastError }
    : { ...base, state: "ok", reason: null };
}
