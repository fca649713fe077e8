// Integration: the chain worker's pool, built from its env as main.ts does, talks to real
// PostgreSQL through a TCP proxy that can stall (accept and hold every byte) mid-run.

import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { listUnbatchedContextIds, pgPoolOf } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { type StallProxy, startStallProxy, TEST_REDIS_URL, targetOf } from "@ctxlog/jobs/testing";
import { runLoop } from "@ctxlog/runtime";
import pino from "pino";
import { parseChainWorkerEnv } from "./env";
import { type ChainWorker, createChainWorker } from "./worker";

const QUERY_TIMEOUT_MS = 700;
const within = () => QUERY_TIMEOUT_MS + loadScaledSlackMs(1_200); // the timeout plus slack scaled by the load

let database: TestDatabase;
let proxy: StallProxy;
let worker: ChainWorker;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_cw_stall");
  proxy = await startStallProxy(targetOf(database.url));
  const env = parseChainWorkerEnv({
    DATABASE_URL: proxy.urlFor(database.url),
    DATABASE_POOL_SIZE: "2",
    PG_CONNECT_TIMEOUT_MS: "500",
    PG_STATEMENT_TIMEOUT_MS: "600",
    PG_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: "ctxlog-test-cw-stall",
    RPC_URL: "http://127.0.0.1:9", // never called: the worker is built, not started
    REGISTRY_ADDRESS: `0x${"11".repeat(20)}`,
    SIGNER_PRIVATE_KEY: `0x${"22".repeat(32)}`,
    CTXLOG_DEV_MODE: "true", // the transparency log's development key signs
  });
  worker = createChainWorker(env, pino({ level: "silent" }));
});
afterAll(async () => {
  proxy.setMode("forward");
  await worker.stop();
  await proxy.close();
  await database.drop();
});
afterEach(() => proxy.setMode("forward"));

const unbatched = () => listUnbatchedContextIds(worker.db, { createdBefore: new Date(), limit: 10 });

describe("the chain worker on a stalled PostgreSQL", () => {
  it("opens its pool with the PG_* timeouts", () => {
    expect(pgPoolOf(worker.db)?.options).toMatchObject({
      connectionTimeoutMillis: 500,
      statement_timeout: 600,
      query_timeout: QUERY_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 30_000,
    });
  });

  it("a loop's step fails within PG_QUERY_TIMEOUT_MS and is retried, then recovers when the stall ends", async () => {
    const log: { msg: string; at: number }[] = [];
    const logger = {
      warn: (_: object, msg: string) => log.push({ msg, at: performance.now() }),
      info: (_: object, msg: string) => log.push({ msg, at: performance.now() }),
    };
    let succeeded = 0;
    await unbatched(); // a pooled connection, open before the stall
    proxy.setMode("stall");
    const stalledAt = performance.now();
    const loop = runLoop(
      "reconcile",
      async () => {
        await unbatched();
        succeeded++;
        return "idle";
      },
      { idleMs: 50, errorBackoffMs: 50, logger },
    );
    try {
      await waitFor(() => log.some((l) => l.msg === "reconcile step failed; retrying"));
      const failed = log.find((l) => l.msg === "reconcile step failed; retrying");
      expect((failed?.at ?? Infinity) - stalledAt).toBeLessThan(within());
      expect(succeeded).toBe(0);

      proxy.setMode("forward");
      await waitFor(() => succeeded > 0);
      expect(log.some((l) => l.msg === "reconcile recovered")).toBe(true);
    } finally {
      await loop.stop();
    }
  });

  it("a transaction cut off half-way leaves no connection behind that waits for its answer", async () => {
    await unbatched();
    const cutOff = worker.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      proxy.setMode("blackhole"); // the server side is gone; the client is never told
      await tx.$queryRaw`SELECT 2`;
    });
    await expect(cutOff).rejects.toThrow(/Query read timeout/);
    proxy.setMode("forward");
    // pg's query_timeout alone fails the query but keeps the connection, which waits for an answer
    // that will never come; Prisma hands it back to the pool as healthy, and the next query on it
    // would fail in turn after another timeout.
    // So each of these would meet that connection (the pool hands out the one released last) and
    // fail with "Query read timeout": that they all answer shows it was dropped.
    for (let i = 0; i < 3; i++) await expect(unbatched()).resolves.toEqual(expect.any(Array));
  });
});

async function waitFor(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
