import { LogHeadCache } from "./log-heads";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("LogHeadCache", () => {
  it("forgets the least recently written log past its bound", () => {
    const heads = new LogHeadCache(2);
    heads.set("a", { sequence: 1, entryHash: "0xa" });
    heads.set("b", { sequence: 1, entryHash: "0xb" });
    heads.set("a", { sequence: 2, entryHash: "0xa2" }); // a is now the most recent
    heads.set("c", { sequence: 1, entryHash: "0xc" });
    expect(heads.get("b")).toBeUndefined();
    expect(heads.get("a")).toEqual({ sequence: 2, entryHash: "0xa2" });
    expect(heads.size).toBe(2);
  });

  it("runs writes of one log one at a time, in the order they asked", async () => {
    const heads = new LogHeadCache();
    const events: string[] = [];
    const write = (name: string, keys: string[]) =>
      heads.exclusive(keys, async () => {
        events.push(`start ${name}`);
        await tick();
        events.push(`end ${name}`);
      });
    await Promise.all([write("1", ["a"]), write("2", ["a", "b"]), write("3", ["b"]), write("4", ["c"])]);
    // 4 shares no log and runs beside 1; 2 waits for 1; 3 waits for 2
    expect(events.indexOf("start 2")).toBeGreaterThan(events.indexOf("end 1"));
    expect(events.indexOf("start 3")).toBeGreaterThan(events.indexOf("end 2"));
    expect(events.indexOf("start 4")).toBeLessThan(events.indexOf("end 1"));
  });

  it("lets the next write run when one fails", async () => {
    const heads = new LogHeadCache();
    const failed = heads.exclusive(["a"], async () => {
      throw new Error("refused");
    });
    const next = heads.exclusive(["a"], async () => "ran");
    await expect(failed).rejects.toThrow("refused");
    await expect(next).resolves.toBe("ran");
  });
});
