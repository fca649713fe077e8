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
  const behind = oldest ? Math.max(0, Math.round((now - oldest.getTime()) / 1000)) : 0;
  const threshold = health?.thresholdSeconds ?? DEFAULT_THRESHOLD_SECONDS;
  const reportedAt = health?.updatedAt.toISOString() ?? null;
  const base = { behind_seconds: behind, threshold_seconds: threshold, reported_at: reportedAt };
  if (health?.state === "wrong_chain") return { ...base, state: "wrong_chain", reason: health.lastError };
  const late = behind > threshold;
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
