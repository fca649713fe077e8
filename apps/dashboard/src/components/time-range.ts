// The time ranges a page can be looked at over: the last hour, day or week, or a custom window to
// the second (the API takes any ISO 8601 time: a range of one minute, or of a few seconds, is one).
import { formatDateTime, fromInputValue, getZone, type TimeZone } from "./time-zone";

export type RangeKey = "1h" | "24h" | "7d";

export const RANGES: { value: RangeKey; label: string; ms: number }[] = [
  { value: "1h", label: "1 h", ms: 3_600_000 },
  { value: "24h", label: "24 h", ms: 86_400_000 },
  { value: "7d", label: "7 d", ms: 7 * 86_400_000 },
];

/** A window ending now (rounded down to the minute, so a query key stays stable for a minute). */
export function rangeWindow(key: RangeKey, now = Date.now()): { since: string; until: string } {
  const until = Math.floor(now / 60_000) * 60_000 + 60_000;
  const ms = RANGES.find((r) => r.value === key)?.ms ?? 86_400_000;
  return { since: new Date(until - ms).toISOString(), until: new Date(until).toISOString() };
}

/** A page's range: one of the presets ending now, or a custom window (ISO, `until` exclusive). */
export type TimeRange = { key: RangeKey } | { key: "custom"; since: string; until: string };

export function windowOf(range: TimeRange, now = Date.now()): { since: string; until: string } {
  return range.key === "custom" ? { since: range.since, until: range.until } : rangeWindow(range.key, now);
}

const PRESET_WORDS: Record<RangeKey, string> = {
  "1h": "last hour",
  "24h": "last 24 hours",
  "7d": "last 7 days",
};

/** "last hour", or "2026-11-26 09:00:00 UTC to 2026-11-26 11:00:00 UTC" for a custom window. */
export function rangeWords(range: TimeRange, zone: TimeZone = getZone()): string {
  if (range.key !== "custom") return PRESET_WORDS[range.key];
  return `${formatDateTime(range.since, zone)} to ${formatDateTime(range.until, zone)}`;
}

/**
 * The range a page's URL names (`range=1h|24h|7d`, or `range=custom&from=…&to=…` in ISO), so it
 * survives a reload and a shared link; `range=any` or an invalid one gives `fallback`.
 */
export function readRange(params: URLSearchParams, fallback: TimeRange | null): TimeRange | null {
  const key = params.get("range");
  if (key === "any") return null;
  if (RANGES.some((r) => r.value === key)) return { key: key as RangeKey };
  if (key === "custom") {
    const since = params.get("from") ?? "";
    const until = params.get("to") ?? "";
    const a = Date.parse(since);
    const b = Date.parse(until);
    if (Number.isFinite(a) && Number.isFinite(b) && b > a) {
      return { key: "custom", since: new Date(a).toISOString(), until: new Date(b).toISOString() };
    }
  }
  return fallback;
}

/** The URL parameters of a range (null: every time, written as `range=any`). */
export function rangeParams(range: TimeRange | null): Record<string, string> {
  if (range === null) return { range: "any" };
  if (range.key !== "custom") return { range: range.key };
  return { range: "custom", from: range.since, to: range.until };
}

/**
 * A custom window from two date fields' text ("2026-11-26 09:00:00", read in `zone`), or what is
 * wrong with them in words. To the second: a window of a minute, or of one second, is a window.
 */
export function customRange(
  from: string,
  to: string,
  maxDays?: number,
  zone: TimeZone = getZone(),
): { range: TimeRange; error?: undefined } | { error: string; range?: undefined } {
  const since = fromInputValue(from, zone);
  const until = fromInputValue(to, zone);
  if (since === null) return { error: "Give a start date and time: yyyy-mm-dd hh:mm:ss." };
  if (until === null) return { error: "Give an end date and time: yyyy-mm-dd hh:mm:ss." };
  if (Date.parse(until) <= Date.parse(since)) return { error: "The end must be after the start." };
  if (maxDays !== undefined && Date.parse(until) - Date.parse(since) > maxDays * 86_400_000) {
    return { error: `A range of at most ${maxDays} days.` };
  }
  return { range: { key: "custom", since, until } };
}
