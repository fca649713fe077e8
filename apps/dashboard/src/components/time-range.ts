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
