import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { createBalanceCache } from "./balance-cache";

/** A node whose answers the test releases one by one. */
function controlledNode() {
  const pending: { address: string; resolve: (v: bigint | null) => void; reject: (e: Error) => void }[] = [];
  return {
    reads: () => pending.length,
    read: (address: string) =>
      new Promise<bigint | null>((resolve, reject) => pending.push({ address, resolve, reject })),
    answer: (value: bigint | null) => pending.shift()?.resolve(value),
    fail: () => pending.shift()?.reject(new Error("timeout")),
  };
}

const A = "0xaaaa";
const B = "0xbbbb";

describe("the overview's balance cache", () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it("waits for the first read, then answers from memory until the value is older than the TTL", async () => {
    const node = controlledNode();
    const cache = createBalanceCache({ read: node.read, ttlMs: 15_000, waitMs: 1_000, now });
    const first = cache.get(A);
    node.answer(5n);
    expect(await first).toBe(5n);
    clock += 14_999;
    expect(await cache.get(A)).toBe(5n);
    expect(node.reads()).toBe(0);
  });

  it("answers a stale value at once and refreshes behind it, one read at a time", async () => {
    const node = controlledNode();
    const cache = createBalanceCache({ read: node.read, ttlMs: 15_000, waitMs: 1_000, now });
    const first = cache.get(A);
    node.answer(5n);
    await first;
    clock += 15_000;
    expect(await cache.get(A)).toBe(5n); // not waiting: the node has not answered
    expect(await cache.get(A)).toBe(5n);
    expect(node.reads()).toBe(1);
    node.answer(7n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(A)).toBe(7n);
    expect(node.reads()).toBe(0);
  });

  it("a hanging node: the first read gives up after waitMs (unknown), and a failed read keeps the last value", async () => {
    const node = controlledNode();
    const cache = createBalanceCache({ read: node.read, ttlMs: 15_000, waitMs: 50, now });
    const started = performance.now();
    expect(await cache.get(A)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50 + loadScaledSlackMs(950)); // waitMs plus slack
    node.answer(9n); // late, but remembered
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(A)).toBe(9n);

    clock += 20_000;
    expect(await cache.get(A)).toBe(9n);
    node.fail();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(A)).toBe(9n); // stale, still the best known; a new refresh is under way
    node.answer(null); // the node could not say: nothing changes
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(A)).toBe(9n);
  });

  it("another address (the anchor key rotated) is never answered with the previous one's balance", async () => {
    const node = controlledNode();
    const cache = createBalanceCache({ read: node.read, ttlMs: 15_000, waitMs: 50, now });
    const first = cache.get(A);
    node.answer(5n);
    await first;
    expect(await cache.get(B)).toBeNull();
    node.answer(8n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(B)).toBe(8n);
  });
});
