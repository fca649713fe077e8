import { MicroBatcher } from "./micro-batcher";

const tick = () => new Promise((r) => setImmediate(r));

describe("MicroBatcher", () => {
  it("sends items added in the same turn as one batch", async () => {
    const batches: number[][] = [];
    const b = new MicroBatcher<number>({
      maxBatch: 10,
      maxConcurrent: 1,
      flush: async (items) => void batches.push(items),
    });
    await Promise.all([b.add(1), b.add(2), b.add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("splits at maxBatch and queues while maxConcurrent flushes are in flight", async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    const b = new MicroBatcher<number>({
      maxBatch: 2,
      maxConcurrent: 1,
      flush: (items) => {
        batches.push(items);
        return new Promise<void>((r) => releases.push(r));
      },
    });
    const all = [1, 2, 3, 4, 5].map((n) => b.add(n));
    await tick();
    expect(batches).toEqual([[1, 2]]);
    expect(b.pending).toBe(3);
    const late = b.add(6);
    releases.shift()?.();
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    releases.shift()?.();
    await tick();
    releases.shift()?.();
    await Promise.all([...all, late]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it("rejects every item of a failed batch and keeps serving later ones", async () => {
    let fail = true;
    const b = new MicroBatcher<number>({
      maxBatch: 10,
      maxConcurrent: 2,
      flush: async () => {
        if (fail) throw new Error("db down");
      },
    });
    const results = await Promise.allSettled([b.add(1), b.add(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    await expect(b.add(3)).resolves.toBeUndefined();
  });

  it("turns a synchronous throw of flush into rejections", async () => {
    const b = new MicroBatcher<number>({
      maxBatch: 10,
      maxConcurrent: 1,
      flush: () => {
        throw new Error("sync");
      },
    });
    await expect(b.add(1)).rejects.toThrow("sync");
  });
});

describe("MicroBatcher with weights", () => {
  it("fills a batch up to maxBatch by weight, and sends an item heavier than maxBatch alone", async () => {
    const batches: number[][] = [];
    const b = new MicroBatcher<number>({
      maxBatch: 10,
      maxConcurrent: 1,
      weigh: (n) => n,
      flush: async (items) => void batches.push(items),
    });
    await Promise.all([4, 5, 2, 30, 1].map((n) => b.add(n)));
    expect(batches).toEqual([[4, 5], [2], [30], [1]]);
  });
});
