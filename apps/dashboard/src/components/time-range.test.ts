import {
  customRange,
  fromLocalInput,
  rangeParams,
  rangeWindow,
  rangeWords,
  readRange,
  toLocalInput,
  windowOf,
} from "./time-range";

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

  it("a datetime-local value round-trips through ISO", () => {
    const iso = new Date(2026, 10, 26, 9, 5).toISOString();
    expect(toLocalInput(iso)).toBe("2026-11-26T09:05");
    expect(fromLocalInput("2026-11-26T09:05")).toBe(iso);
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("not a date")).toBeNull();
  });
});

describe("custom ranges", () => {
  it("a custom window is checked before it applies", () => {
    expect(customRange("", "2026-11-26T10:00")).toEqual({ error: "Give a start date and time." });
    expect(customRange("2026-11-26T10:00", "")).toEqual({ error: "Give an end date and time." });
    expect(customRange("2026-11-26T10:00", "2026-11-26T10:00")).toEqual({
      error: "The end must be after the start.",
    });
    expect(customRange("2026-11-01T00:00", "2026-12-15T00:00", 31)).toEqual({
      error: "A range of at most 31 days.",
    });
    expect(customRange("2026-11-26T09:00", "2026-11-26T11:30")).toEqual({
      range: {
        key: "custom",
        since: new Date(2026, 10, 26, 9, 0).toISOString(),
        until: new Date(2026, 10, 26, 11, 30).toISOString(),
      },
    });
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
    expect(rangeWords(custom)).toMatch(/ to /);
  });
});
