import { BusyLogs } from "./busy-logs";

describe("BusyLogs", () => {
  it("calls a log busy past the threshold within a second, and for the whole next second", () => {
    let now = 10_000;
    const logs = new BusyLogs(3, () => now);
    expect([1, 2, 3].map(() => logs.count("a"))).toEqual([false, false, false]);
    expect(logs.count("a")).toBe(true); // the 4th within the second
    expect(logs.count("b")).toBe(false); // counted per log
    now += 1_000;
    expect(logs.count("a")).toBe(true); // busy last second: still busy
    now += 1_000;
    expect(logs.count("a")).toBe(false); // one write in the last second and one in this
  });

  it("forgets both seconds after a pause longer than a second", () => {
    let now = 0;
    const logs = new BusyLogs(1, () => now);
    logs.count("a");
    expect(logs.count("a")).toBe(true);
    now += 5_000;
    expect(logs.count("a")).toBe(false);
  });
});
