import { type PrismaClient, readAnchoringHealth, readBacklogAges } from "@ctxlog/db";

const DEFAULT_THRESHOLD_SECONDS = 60;
/** the chain worker writes its verdict every few seconds: a row older than this is a silent worker */
const SILENT_AFTER_MS = 2 * 60_000;

export interface AnchoringStatus {
  state: "ok" | "stalled" | "wrong_chain" | "unknown";
  behind_seconds: number;
  threshold_seconds: number;
  reason: string | null;
  reported_at: string | null;
}

/**
 * Whether anchoring keeps up, from PostgreSQL alone: the chain worker's last verdict (table
 * anchoring_health) checked against the oldest pending context now, so a worker that died or
 * never started still shows as a stall once contexts wait past the threshold.
 */
export async function readAnchoringStatus(
  db: PrismaClient,
  network: string,
  now = Date.now(),
): Promise<AnchoringStatus> {
  const [health, ages] = await Promise.all([readAnchoringHealth(db, network), readBacklogAges(db)]);
  const oldest = ages.oldestPendingContextAt;
  const behindMs = oldest ? Math.max(0, now - oldest.getTime()) : 0;
  const behind = Math.round(behindMs / 1000);
  const threshold = health?.thresholdSeconds ?? DEFAULT_THRESHOLD_SECONDS;
  const reportedAt = health?.updatedAt.toISOString() ?? null;
  const base = { behind_seconds: behind, threshold_seconds: threshold, reported_at: reportedAt };
  if (health?.state === "wrong_chain") return { ...base, state: "wrong_chain", reason: health.lastError };
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
