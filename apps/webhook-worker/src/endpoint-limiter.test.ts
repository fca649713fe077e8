import { type EndpointLease, EndpointLimiter } from "./endpoint-limiter";

const limiter = (perEndpoint = 2, maxWaitMs = 250, maxDeferMs = 60_000) =>
  new EndpointLimiter({ perEndpoint, maxWaitMs, maxDeferMs });
// Deliberate waits only: elapsed time is this limiter's input (how long an attempt has been in flight).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("EndpointLimiter", () => {
  it("lets at most N attempts per endpoint in flight, independently per endpoint", async () => {
    const l = limiter(2);
    const a1 = (await l.acquire("a")) as EndpointLease;
    const a2 = (await l.acquire("a")) as EndpointLease;
    expect(l.inFlight("a")).toBe(2);
    expect(l.acquire("b")).not.toBeNull();
    // a third for "a" waits (the endpoint is fast enough) and gets the first slot given back
    let third: EndpointLease | null = null;
    const waiting = Promise.resolve(l.acquire("a")).then((lease) => {
      third = lease;
    });
    await sleep(5); // deliberate: the third must still be waiting
    expect(third).toBeNull();
    expect(l.waiting("a")).toBe(1);
    a1.release();
    await waiting;
    expect(third).not.toBeNull();
    expect(l.inFlight("a")).toBe(2);
    a1.release(); // a second release of one lease is a no-op
    expect(l.inFlight("a")).toBe(2);
    a2.release();
  });

  it("defers instead of waiting when the endpoint is slow", async () => {
    const l = limiter(1, 250);
    const first = (await l.acquire("slow")) as EndpointLease;
    await sleep(300); // the attempt in flight has run longer than the longest worthwhile wait
    expect(l.acquire("slow")).toBeNull();
    first.release();
  });

  it("a waiter gives up after maxWaitMs, so it never holds a worker slot longer", async () => {
    const l = limiter(1, 100);
    const first = (await l.acquire("e")) as EndpointLease;
    const started = Date.now();
    expect(await l.acquire("e")).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(l.waiting("e")).toBe(0);
    first.release();
  });

  it("lets only as many wait as should be served within maxWaitMs", async () => {
    const l = limiter(2, 250); // no history yet: 100 ms per attempt assumed, 2 at a time
    await l.acquire("e");
    await l.acquire("e");
    const verdicts = Array.from({ length: 8 }, () => l.acquire("e"));
    expect(verdicts.filter((v) => v === null)).toHaveLength(3); // waits of 50…250 ms are taken
  });

  it("keeps an idle endpoint's pace, so its next burst waits in-process instead of being deferred", async () => {
    const l = limiter(2, 250);
    // 20 instant attempts, one at a time: the endpoint is idle after each
    for (let i = 0; i < 20; i++) ((await l.acquire("fast")) as EndpointLease).release();
    expect(l.inFlight("fast")).toBe(0);
    expect(l.paceMs("fast")).toBeLessThan(5);
    // the same burst that defers 3 of 8 at the 100 ms guess (above) now waits for every job
    await l.acquire("fast");
    await l.acquire("fast");
    const verdicts = Array.from({ length: 8 }, () => l.acquire("fast"));
    expect(verdicts.filter((v) => v === null)).toHaveLength(0);
  });

  it("remembers the pace of at most 10,000 idle endpoints, forgetting the longest idle", async () => {
    const l = limiter(1, 250);
    for (let i = 0; i <= 10_000; i++) ((await l.acquire(`e${i}`)) as EndpointLease).release();
    expect(l.paceMs("e0")).toBe(100); // forgotten: back to the guess
    expect(l.paceMs("e1")).toBeLessThan(100);
    expect(l.paceMs("e10000")).toBeLessThan(100);
  });

  it("spaces deferred jobs by the endpoint's pace, capped", () => {
    const l = limiter(2, 250, 60_000);
    const now = 1_000_000;
    const delays = [0, 1, 2, 3].map(() => l.deferMs("slow", now));
    for (let i = 1; i < delays.length; i++) expect((delays[i] ?? 0) - (delays[i - 1] ?? 0)).toBe(50);
    const capped = limiter(1, 250, 500);
    for (let i = 0; i < 20; i++) expect(capped.deferMs("dead", now)).toBeLessThanOrEqual(500);
  });
});
