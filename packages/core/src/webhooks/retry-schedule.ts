/** The spec's schedule: at most 5 attempts, 0 s, 5 s, 15 s, 45 s and 2 min apart. */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = Object.freeze([5_000, 15_000, 45_000, 120_000]);
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Parses `WEBHOOK_RETRY_DELAYS_MS` ("5000,15000,45000,120000": the delays before attempts 2–5).
 * Returns null for anything else, so the caller reports the bad value.
 */
export function parseRetryDelays(raw: string): number[] | null {
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.length !== MAX_DELIVERY_ATTEMPTS - 1) return null;
  const delays = parts.map((p) => (/^\d{1,9}$/.test(p) ? Number(p) : Number.NaN));
  return delays.every(Number.isSafeInteger) ? delays : null;
}
