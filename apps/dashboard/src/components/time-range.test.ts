import { fromLocalInput, rangeWindow, toLocalInput } from "./time-range";

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
