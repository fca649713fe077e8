// The time ranges a page can be looked at over: the last hour, day or week, or a custom window.

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

/** `<input type="datetime-local">` value (local time, minutes) ↔ ISO 8601 (UTC). */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value); // a datetime-local string without a zone is local time
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
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
// made on first use, not on import: the boot script imports this module, and a first Intl formatter
// costs the page tens of milliseconds (locale data) that would hold up the boot's requests
let when: Intl.DateTimeFormat | undefined;

/** "last hour", or "26 Nov 2026, 09:00 to 26 Nov 2026, 11:00" for a custom window. */
export function rangeWords(range: TimeRange): string {
  if (range.key !== "custom") return PRESET_WORDS[range.key];
  when ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${when.format(new Date(range.since))} to ${when.format(new Date(range.until))}`;
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

/** A custom window from two `datetime-local` values (local time), or what is wrong with them in words. */
export function customRange(
  from: string,
  to: string,
  maxDays?: number,
): { range: TimeRange; error?: undefined } | { error: string; range?: undefined } {
  const since = fromLocalInput(from);
  const until = fromLocalInput(to);
  if (since === null) return { error: "Give a start date and time." };
  if (until === null) return { error: "Give an end date and time." };
  if (Date.parse(until) <= Date.parse(since)) return { error: "The end must be after the start." };
  if (maxDays !== undefined && Date.parse(until) - Date.parse(since) > maxDays * 86_400_000) {
    return { error: `A range of at most ${maxDays} days.` };
  }
  return { range: { key: "custom", since, until } };
}
