// Integration: real PostgreSQL, real Redis (own prefix), a loopback receiver, and two real worker
// processes (the built dist/main.js, spawned): an endpoint's rate_limit holds across both.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { freePort, waitFor } from "@ctxlog/core/testing";
import { recordEvents } from "@ctxlog/db";
import { TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

const appDir = path.resolve(__dirname, "..");
const main = path.join(appDir, "dist", "main.js");

let h: WorkerHarness;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Always (incremental): a stale dist/ would test old code.
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-b", appDir], { stdio: "inherit" });
  h = await createWorkerHarness({}, { start: false });
}, 180_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once("exit", r)) : null,
    ),
  );
  await h.close();
});

function spawnWorker(metricsPort: number): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: h.url,
    DATABASE_POOL_SIZE: "3",
    REDIS_URL: h.env.REDIS_URL,
    REDIS_PREFIX: h.prefix,
    LOG_LEVEL: "warn",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_ALLOW_INSECURE_URLS: "true",
    WEBHOOK_FANOUT_POLL_MS: "20",
    WEBHOOK_RECONCILE_INTERVAL_MS: "500",
    WEBHOOK_WORKER_METRICS_PORT: String(metricsPort),
    ...TEST_SECRETS_ENV,
  };
  const child = spawn(process.execPath, [main], { env, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

/** /readyz: 200 once the worker consumes deliveries and fans out events (its ops port is up first). */
async function isReady(metricsPort: number): Promise<boolean> {
  return (await fetch(`http://127.0.0.1:${metricsPort}/readyz`).catch(() => null))?.status === 200;
}

async function attemptsOf(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith('webhook_attempts_total{outcome="success"}'));
  return Number(line?.split(" ")[1] ?? 0);
}

/** Each process' successful attempts, once they add up to `total` (counted when the answer is in). */
function settledAttempts(ports: number[], total: number): Promise<number[]> {
  return waitFor(async () => {
    const counts = await Promise.all(ports.map(attemptsOf));
    return counts.reduce((a, b) => a + b, 0) === total ? counts : undefined;
  });
}

describe("per-endpoint rate_limit across two worker processes (PostgreSQL + Redis + loopback receiver)", () => {
  it("spaces deliveries at 1/rate_limit even when both processes deliver", async () => {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) spawnWorker(port);
    // both consume and fan out (their metrics answered before they did: a run on a loaded machine
    // waited 20 s for a first delivery from processes that were still starting)
    await waitFor(async () => (await Promise.all(ports.map(isReady))).every(Boolean), { timeout: 45_000 });

    const userId = await h.user();
    const r = await h.receiver(() => 200);
    // Warm-up through an unthrottled endpoint at the same origin, so both processes have compiled
    // their paths and opened connections before anything is measured (cold, a first request was
    // seen ~180 ms late on this loaded machine).
    const warm = await h.webhook(userId, r.url, ["context.failed"]);
    await recordEvents(
      h.db,
      Array.from({ length: 10 }, (_, n) => ({ userId, event: "context.failed" as const, data: { n } })),
    );
    await r.waitFor(10, 20_000);
    const warmed = await settledAttempts(ports, 10);
    r.requests.length = 0;
    expect(warm.id).toBeTruthy();

    const hook = await h.webhook(userId, r.url);
    const RATE = 5;
    const COUNT = 15;
    await h.db.webhook.update({ where: { id: hook.id }, data: { rateLimit: RATE } });
    const recordedAt = Date.now();
    await recordEvents(
      h.db,
      Array.from({ length: COUNT }, (_, n) => ({ userId, event: "context.created" as const, data: { n } })),
    );
    const received = await r.waitFor(COUNT, 20_000);

    // Slots are exactly `interval` apart in Redis' clock, shared by both processes, and no send
    // starts before its slot; the first slot is no earlier than the events. So the i-th arrival
    // comes at least i intervals after the events were recorded, however late a loaded machine
    // runs (lateness only moves arrivals later). Two per-process limiters would let the i-th
    // arrive after about i / 2 intervals: the 15th 1.4 s early.
    const interval = 1000 / RATE;
    const arrivals = received.map((q) => q.at).sort((a, b) => a - b);
    const early = arrivals
      .map((at, i) => ({ i, earlyMs: recordedAt + i * interval - at }))
      .filter(({ earlyMs }) => earlyMs > 5); // 5 ms: the clocks' millisecond rounding and timers
    expect(early).toEqual([]);
    // and the work was shared: each process made some of the attempts
    const made = await settledAttempts(ports, 10 + COUNT);
    for (const [i, n] of made.entries()) expect(n - (warmed[i] as number)).toBeGreaterThan(0);
  }, 90_000);
});
