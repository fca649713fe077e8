const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The longest window a time series is drawn over (the dashboard's "custom" range included). */
export const MAX_SERIES_SPAN_MS = 31 * DAY;

// From the finest up: the first one that keeps a series at most MAX_BUCKETS long.
const STEPS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, DAY];
const MAX_BUCKETS = 96;

export interface TimeBuckets {
  /** the first bucket's start: `since` rounded down to the bucket size (UTC) */
  start: Date;
  bucketMs: number;
  /** bucket starts, oldest first, up to the one holding `until` */
  starts: Date[];
}

/**
 * The buckets of a time series over [since, until): a size from a short fixed list (1 min to a
 * day), so a series has at most 96 points whatever the window, aligned to multiples of the size
 * since the epoch so the same window always gives the same points.
 */
export function timeBuckets(since: Date, until: Date): TimeBuckets {
  const span = Math.max(1, until.getTime() - since.getTime());
  const bucketMs = STEPS.find((step) => span / step <= MAX_BUCKETS) ?? DAY;
  const first = Math.floor(since.getTime() / bucketMs) * bucketMs;
  const starts: Date[] = [];
  for (let t = first; t < until.getTime(); t += bucketMs) starts.push(new Date(t));
  return { start: new Date(first), bucketMs, starts };
}
