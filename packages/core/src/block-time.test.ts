import { BlockTimeEstimator } from "./block-time";

describe("BlockTimeEstimator", () => {
  it("averages over the window, so late sightings do not skew it", () => {
    const e = new BlockTimeEstimator(60_000, 5);
    // 200 ms blocks seen by a 50 ms poller, each sighting 0–50 ms late
    const lateness = [0, 45, 10, 50, 5, 30, 0, 40, 20, 35, 15];
    for (const [i, late] of lateness.entries()) e.observe(BigInt(i), i * 200 + late);
    expect(e.estimateMs()).toBeGreaterThan(195);
    expect(e.estimateMs()).toBeLessThan(205);
  });

  it("says nothing before minBlocks, ignores repeats, restarts after the chain went back", () => {
    const e = new BlockTimeEstimator(60_000, 5);
    for (let i = 0; i < 5; i++) e.observe(BigInt(i), i * 1_000);
    e.observe(4n, 9_999);
    expect(e.estimateMs()).toBeUndefined();
    e.observe(5n, 5_000);
    expect(e.estimateMs()).toBe(1_000);
    e.observe(2n, 6_000);
    expect(e.estimateMs()).toBeUndefined();
  });

  it("forgets samples older than the window", () => {
    const e = new BlockTimeEstimator(10_000, 2);
    for (let i = 0; i <= 20; i++) e.observe(BigInt(i), i * 1_000); // 1 s blocks
    for (let i = 21; i <= 40; i++) e.observe(BigInt(i), 20_000 + (i - 20) * 3_000); // then 3 s
    expect(e.estimateMs()).toBeCloseTo(3_000, 0);
  });
});
