import { customRange, rangeParams, rangeWindow, rangeWords, readRange, windowOf } from "./time-range";
import { formatClock, formatDateTime, fromInputValue, toInputValue, zoneName } from "./time-zone";

// Local time is read through the code any IANA zone is: Paris (UTC+1 in November, +2 in July)
// stands for it here, whatever zone the machine running the tests is in.
const PARIS = "Europe/Paris";

describe("time ranges", () => {
  it("a window ends at the next whole minute and spans the range", () => {
    const now = Date.parse("2026-11-26T10:15:30.000Z");
    expect(rangeWindow("1h", now)).toEqual({
      since: "2026-11-26T09:16:00.000Z",
      until: "2026-11-26T10:16:00.000Z",
    });
    const week = rangeWindow("7d", now);
    expect(Date.parse(week.until) - Date.parse(week.since)).toBe(7 * 86_400_000);
  });
});

describe("times", () => {
  const at = "2026-11-29T14:03:07.250Z";

  it("one ISO-like format, the zone always named", () => {
    expect(formatDateTime(at, "utc")).toBe("2026-11-29 14:03:07 UTC");
    expect(formatDateTime(at, PARIS)).toMatch(/^2026-11-29 15:03:07 (CET|GMT\+1)$/);
    expect(formatDateTime("2026-07-01T23:30:00Z", PARIS)).toMatch(/^2026-07-02 01:30:00 (CEST|GMT\+2)$/);
    expect(formatDateTime(at, "local")).toBe(
      formatDateTime(at, Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    expect(formatDateTime(at, "utc", { seconds: false })).toBe("2026-11-29 14:03 UTC");
    expect(formatDateTime(at, "utc", { showZone: false })).toBe("2026-11-29 14:03:07");
    expect(formatDateTime("not a time", "utc")).toBe("");
    expect(zoneName("utc")).toBe("UTC");
    // 24-hour, so the axis' last label is "18:00", never "06:00 PM" clipped to "06:00 AI"
    expect(formatClock("2026-11-29T18:00:00Z", "utc")).toBe("18:00");
    expect(formatClock(at, PARIS, true)).toBe("15:03:07");
    expect(formatClock("2026-11-29T23:00:00Z", PARIS)).toBe("00:00"); // never "24:00"
  });

  it("a date field reads the same format, to the second, in the zone it names", () => {
    expect(fromInputValue("2026-11-29 14:03:07", "utc")).toBe("2026-11-29T14:03:07.000Z");
    expect(fromInputValue("2026-11-29 15:03:07", PARIS)).toBe("2026-11-29T14:03:07.000Z");
    expect(fromInputValue("2026-07-02 01:30:00", PARIS)).toBe("2026-07-01T23:30:00.000Z");
    // the hour after the clocks went back happens twice: one of the two, never a third time
    expect(["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]).toContain(
      fromInputValue("2026-10-25 02:30:00", PARIS),
    );
    expect(fromInputValue(" 2026-11-29T14:03 ", "utc")).toBe("2026-11-29T14:03:00.000Z");
    expect(fromInputValue("2026-11-29", "utc")).toBe("2026-11-29T00:00:00.000Z");
    expect(fromInputValue("2026-11-29 14:03:07.25", "utc")).toBe(at);
    expect(toInputValue(at, "utc")).toBe("2026-11-29 14:03:07");
    expect(fromInputValue(toInputValue(at, PARIS), PARIS)).toBe("2026-11-29T14:03:07.000Z");
    expect(fromInputValue(toInputValue(at, "local"), "local")).toBe("2026-11-29T14:03:07.000Z");
    // refused, not moved to another day: no such date, no such hour, mm/dd/yyyy, a DST gap
    for (const text of ["", "2026-02-30 10:00:00", "2026-11-29 24:00:00", "11/29/2026 14:03", "x"]) {
      expect(fromInputValue(text, "utc")).toBeNull();
    }
    expect(fromInputValue("2026-03-29 02:30:00", PARIS)).toBeNull(); // the hour the clocks skip
    expect(fromInputValue("2026-03-29 02:30:00", "utc")).toBe("2026-03-29T02:30:00.000Z");
  });
});

describe("custom ranges", () => {
  it("a custom window is checked before it applies", () => {
    expect(customRange("", "2026-11-26 10:00:00", undefined, "utc")).toEqual({
      error: "Give a start date and time: yyyy-mm-dd hh:mm:ss.",
    });
    expect(customRange("2026-11-26 10:00:00", "11/26/2026", undefined, "utc")).toEqual({
      error: "Give an end date and time: yyyy-mm-dd hh:mm:ss.",
    });
    expect(customRange("2026-11-26 10:00:00", "2026-11-26 10:00:00", undefined, "utc")).toEqual({
      error: "The end must be after the start.",
    });
    expect(customRange("2026-11-01 00:00:00", "2026-12-15 00:00:00", 31, "utc")).toEqual({
      error: "A range of at most 31 days.",
    });
    expect(customRange("2026-11-26 10:00:00", "2026-11-26 12:30:00", undefined, PARIS)).toEqual({
      range: { key: "custom", since: "2026-11-26T09:00:00.000Z", until: "2026-11-26T11:30:00.000Z" },
    });
  });

  it("goes to the second: a one-minute range, and a one-second one, are ranges", () => {
    expect(customRange("2026-11-26 10:00:00", "2026-11-26 10:01:00", undefined, "utc")).toEqual({
      range: { key: "custom", since: "2026-11-26T10:00:00.000Z", until: "2026-11-26T10:01:00.000Z" },
    });
    expect(customRange("2026-11-26 10:00:07", "2026-11-26 10:00:08", undefined, "utc").range).toEqual({
      key: "custom",
      since: "2026-11-26T10:00:07.000Z",
      until: "2026-11-26T10:00:08.000Z",
    });
    // and the URL keeps the seconds
    const range = {
      key: "custom" as const,
      since: "2026-11-26T10:00:07.000Z",
      until: "2026-11-26T10:00:38.000Z",
    };
    expect(readRange(new URLSearchParams(rangeParams(range)), null)).toEqual(range);
  });

  it("a range round-trips through the URL; a broken one falls back", () => {
    const custom = {
      key: "custom" as const,
      since: "2026-11-26T09:00:00.000Z",
      until: "2026-11-26T11:00:00.000Z",
    };
    for (const range of [custom, { key: "7d" as const }, null]) {
      expect(readRange(new URLSearchParams(rangeParams(range)), { key: "1h" })).toEqual(range);
    }
    expect(windowOf(custom)).toEqual({ since: custom.since, until: custom.until });
    const fallback = { key: "24h" as const };
    for (const search of [
      "",
      "range=2d",
      "range=custom&from=x&to=y",
      "range=custom&from=2026-11-26T11:00Z&to=2026-11-26T09:00Z",
    ]) {
      expect(readRange(new URLSearchParams(search), fallback)).toBe(fallback);
    }
    expect(rangeWords({ key: "24h" })).toBe("last 24 hours");
    expect(rangeWords(custom, "utc")).toBe("2026-11-26 09:00:00 UTC to 2026-11-26 11:00:00 UTC");
  });
});
