import { loadScaledSlackMs } from "./testing";
import { WindowBatcher } from "./window-batcher";

describe("WindowBatcher", () => {
  it("flushes a full batch at once, without waiting for the window", async () => {
    const batches: number[][] = [];
    const b = new WindowBatcher<number>({
      maxBatch: 3,
      windowMs: 60_000,
      flush: async (xs) => void batches.push(xs),
    });
    const started = Date.now();
    await Promise.all([1, 2, 3].map((x) => b.add(x)));
    expect(batches).toEqual([[1, 2, 3]]);
    expect(Date.now() - started).toBeLessThan(loadScaledSlackMs(1_000)); // not the 60 s window
  });

  it("flushes a partial batch when the window closes", async () => {
    const batches: number[][] = [];
    const b = new WindowBatcher<number>({
      maxBatch: 10,
      windowMs: 50,
      flush: async (xs) => void batches.push(xs),
    });
    const started = Date.now();
    await Promise.all([b.add(1), b.add(2)]);
    expect(batches).toEqual([[1, 2]]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("splits a burst into batches of maxBatch, flushed in order", async () => {
    const batches: number[][] = [];
    const b = new WindowBatcher<number>({
      maxBatch: 2,
      windowMs: 20,
      flush: async (xs) => void batches.push(xs),
    });
    await Promise.all([1, 2, 3, 4, 5].map((x) => b.add(x)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects every item of a batch whose flush failed, and goes on", async () => {
    let calls = 0;
    const b = new WindowBatcher<number>({
      maxBatch: 2,
      windowMs: 10,
      flush: async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
      },
    });
    const first = Promise.allSettled([b.add(1), b.add(2)]);
    const second = Promise.allSettled([b.add(3)]);
    expect((await first).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((await second).map((r) => r.status)).toEqual(["fulfilled"]);
  });

  it("drain flushes the open batch now", async () => {
    const batches: number[][] = [];
    const b = new WindowBatcher<number>({
      maxBatch: 10,
      windowMs: 60_000,
      flush: async (xs) => void batches.push(xs),
    });
    const added = b.add(7);
    await b.drain();
    await added;
    expect(batches).toEqual([[7]]);
  });

  it("with weights, closes a batch once its items weigh maxBatch, without waiting for the window", async () => {
    const batches: number[][] = [];
    const b = new WindowBatcher<number>({
      maxBatch: 10,
      windowMs: 60_000,
      weigh: (x) => x,
      flush: async (xs) => void batches.push(xs),
    });
    const started = Date.now();
    await Promise.all([4, 6, 12].map((x) => b.add(x)));
    expect(batches).toEqual([[4, 6], [12]]);
    expect(Date.now() - started).toBeLessThan(loadScaledSlackMs(1_000)); // not the 60 s window
  });
});
