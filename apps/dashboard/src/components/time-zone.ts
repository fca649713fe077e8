// The one way the console writes and reads times: ISO-like "2026-11-29 14:03:07 UTC", in UTC or
// in the browser's zone as the person chose (the shell's toggle, kept in localStorage), the zone
// always named. Tables, records, chart axes and the date fields all go through here. No library
// and no Intl formatter at import: the boot script imports time-range.ts, which imports this.

export type Zone = "utc" | "local";

export const ZONE_STORAGE_KEY = "ctxlog.time-zone";

/** UTC unless the person chose local time: the API's payloads and checks are in UTC. */
function storedZone(): Zone {
  try {
    return globalThis.localStorage?.getItem(ZONE_STORAGE_KEY) === "local" ? "local" : "utc";
  } catch {
    return "utc"; // storage blocked: the default
  }
}

let current: Zone | undefined;
const listeners = new Set<() => void>();

export function getZone(): Zone {
  current ??= storedZone();
  return current;
}

export function setZone(zone: Zone): void {
  current = zone;
  try {
    globalThis.localStorage?.setItem(ZONE_STORAGE_KEY, zone);
  } catch {
    // storage blocked: the choice lasts until the page is reloaded
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the toggle here, or the choice made in another tab. */
export function subscribeZone(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ZONE_STORAGE_KEY) return;
    current = storedZone();
    listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/**
 * Where a time is read: "utc", "local" (the browser's zone), or an IANA zone name ("Europe/Paris"):
 * local time goes through the very code an IANA zone does, so it is tested in a zone of its own
 * whatever the machine running the tests is set to.
 */
export type TimeZone = Zone | (string & {});

const pad = (n: number) => String(n).padStart(2, "0");

interface Fields {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

// Intl formatters are made on first use (see the top of the file) and kept, one per zone
let localIana: string | undefined;
const fieldFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function ianaOf(zone: TimeZone): string {
  if (zone === "utc") return "UTC";
  if (zone !== "local") return zone;
  localIana ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return localIana;
}

function fieldsOf(date: Date, zone: TimeZone): Fields {
  if (zone === "utc") {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hours: date.getUTCHours(),
      minutes: date.getUTCMinutes(),
      seconds: date.getUTCSeconds(),
    };
  }
  const iana = ianaOf(zone);
  let format = fieldFormats.get(iana);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: iana,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    fieldFormats.set(iana, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(date)) part[type] = Number(value);
  return {
    year: part.year ?? 0,
    month: part.month ?? 0,
    day: part.day ?? 0,
    hours: part.hour ?? 0,
    minutes: part.minute ?? 0,
    seconds: part.second ?? 0,
  };
}

/** "UTC", or the browser's name for the zone at that time ("CET", "GMT+1"). */
export function zoneName(zone: TimeZone, at: Date = new Date()): string {
  if (zone === "utc") return "UTC";
  const iana = ianaOf(zone);
  let format = nameFormats.get(iana);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { timeZone: iana, timeZoneName: "short" });
    nameFormats.set(iana, format);
  }
  return format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? iana;
}

type TimeValue = string | number | Date;

/** "2026-11-29 14:03:07 UTC" (without seconds or zone when asked); "" for an invalid time. */
export function formatDateTime(
  value: TimeValue,
  zone: TimeZone,
  { seconds = true, showZone = true }: { seconds?: boolean; showZone?: boolean } = {},
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const f = fieldsOf(date, zone);
  const time = `${pad(f.hours)}:${pad(f.minutes)}${seconds ? `:${pad(f.seconds)}` : ""}`;
  const text = `${f.year}-${pad(f.month)}-${pad(f.day)} ${time}`;
  return showZone ? `${text} ${zoneName(zone, date)}` : text;
}

/** "14:03" (24-hour: a chart's axis and captions; the zone is named once beside the chart). */
export function formatClock(value: TimeValue, zone: TimeZone, seconds = false): string {
  const f = fieldsOf(new Date(value), zone);
  return `${pad(f.hours)}:${pad(f.minutes)}${seconds ? `:${pad(f.seconds)}` : ""}`;
}

/** A date field's text for a time: "2026-11-29 14:03:07", in the zone the field is labelled with. */
export function toInputValue(value: TimeValue, zone: TimeZone): string {
  return formatDateTime(value, zone, { showZone: false });
}

const INPUT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** How far the zone's wall clock is ahead of UTC at `ms` (whole seconds). */
function offsetAt(ms: number, zone: TimeZone): number {
  const f = fieldsOf(new Date(ms), zone);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hours, f.minutes, f.seconds);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * A date field's text ("2026-11-29 14:03:07"; the seconds, or the whole time, may be left out; a "T"
 * may stand for the space) read in `zone`, as ISO 8601 UTC; null when it is not such a time,
 * including a local time the zone skips (a daylight-saving gap).
 */
export function fromInputValue(text: string, zone: TimeZone): string | null {
  const match = INPUT.exec(text.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1, 7)
    .map((n) => Number(n ?? 0));
  const ms = Number((match[7] ?? "").padEnd(3, "0"));
  const f: Fields = { year, month, day, hours, minutes, seconds };
  // the wall time read as UTC, then moved by the zone's offset there (again if that crosses a change)
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds, ms);
  if (Number.isNaN(wall)) return null;
  let at = wall;
  if (zone !== "utc") {
    const first = offsetAt(wall, zone);
    at = wall - first;
    const second = offsetAt(at, zone);
    if (second !== first) at = wall - second;
  }
  // 2026-02-30 or 25:00 would roll over into another day: refused rather than moved
  const back = fieldsOf(new Date(at), zone);
  const same = (Object.keys(f) as (keyof Fields)[]).every((key) => back[key] === f[key]);
  return same ? new Date(at).toISOString() : null;
}
