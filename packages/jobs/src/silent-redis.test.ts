// Integration: connections to the real Redis go through a TCP proxy on loopback that can stall
// (hold every byte) or blackhole (drop them; the connections stay dead for good) mid-run. Whatever
// failed while Redis was silent works again once it answers, in the same process, with the same
// objects: nothing is restarted.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { waitFor } from "@ctxlog/core/testing";
import { Worker } from "bullmq";
import { JOBS } from "./catalog";
import { createRedisConnection } from "./connection";
import { queuePrefix } from "./keyspace";
import { readQueueStats } from "./queue-stats";
import { EnqueueError, JobQueues } from "./queues";
import {
  deleteRedisPrefix,
  type StallMode,
  type StallProxy,
  startStallProxy,
  TEST_REDIS_URL,
  targetOf,
} from "./testing";

// Long enough for anything awaited below, on a slow machine.
const PATIENCE_MS = 60_000;
jest.setTimeout(3 * PATIENCE_MS);

const COMMAND_TIMEOUT_MS = 300;
const id = (n: number) => `ctx_${String(n).padStart(26, "0")}`;
const job = (n: number) => ({ payload: { contextIds: [id(n)] }, jobId: id(n) });

let proxy: StallProxy;
const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;

beforeAll(async () => {
  proxy = await startStallProxy(targetOf(TEST_REDIS_URL));
});
afterAll(async () => {
  proxy.setMode("forward");
  await proxy.close();
  await deleteRedisPrefix(prefix);
});
afterEach(() => proxy.setMode("forward"));

async function producer() {
  const redis = createRedisConnection(proxy.urlFor(TEST_REDIS_URL), "producer", {
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  redis.on("error", () => {});
  if (redis.status !== "ready") await once(redis, "ready");
  return redis;
}

describe.each<StallMode>(["stall", "blackhole"])("JobQueues when Redis goes silent (%s)", (mode) => {
  it("fails enqueues while Redis is silent, then enqueues again once it answers", async () => {
    const redis = await producer();
    const queues = new JobQueues(redis, prefix, 1_000);
    const ownListeners = redis.listenerCount("error");
    try {
      // Silent from the first call on: the first call of a queue is when BullMQ checks the server.
      proxy.setMode(mode);
      await expect(queues.enqueueMany("anchorContexts", [job(1)])).rejects.toBeInstanceOf(EnqueueError);
      await expect(queues.enqueueMany("anchorContexts", [job(2)])).rejects.toBeInstanceOf(EnqueueError);

      proxy.setMode("forward");
      await waitFor(
        () =>
          queues.enqueueMany("anchorContexts", [job(1), job(2)]).then(
            () => true,
            () => false,
          ),
        { timeout: PATIENCE_MS, what: "an enqueue succeeding after the outage" },
      );
      const stats = await waitFor(() => readQueueStats(queues.queue("anchorContexts")), {
        timeout: PATIENCE_MS,
      });
      expect(stats.counts.waiting).toBeGreaterThanOrEqual(2);
      // Each queue given up on released what it held on the shared connection: one is left.
      expect(redis.listenerCount("error")).toBe(ownListeners + 1);
    } finally {
      await queues.close();
      redis.disconnect();
      await deleteRedisPrefix(prefix);
    }
  });
});

describe("a worker connection cut off for good (blackhole)", () => {
  it("is reopened: the BullMQ worker on it processes jobs queued after the cut", async () => {
    const workerPrefix = `${prefix}-w`;
    const connection = createRedisConnection(proxy.urlFor(TEST_REDIS_URL), "worker", {
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    connection.on("error", () => {});
    const processed: string[] = [];
    const worker = new Worker(
      JOBS.anchorContexts.queue,
      async (j) => {
        processed.push(String(j.id));
      },
      { connection, prefix: queuePrefix(connection, workerPrefix, JOBS.anchorContexts.queue) },
    );
    worker.on("error", () => {});
    const direct = createRedisConnection(TEST_REDIS_URL, "producer");
    const queues = new JobQueues(direct, workerPrefix);
    try {
      await worker.waitUntilReady();
      await queues.enqueueMany("anchorContexts", [job(10)]);
      await waitFor(() => processed.includes(id(10)), { timeout: PATIENCE_MS });

      proxy.setMode("blackhole"); // every open connection of the worker is now dead
      await queues.enqueueMany("anchorContexts", [job(11)]); // straight to Redis, not through the proxy
      proxy.setMode("forward"); // only new connections work again

      await waitFor(() => processed.includes(id(11)), {
        timeout: PATIENCE_MS,
        what: "the job queued after the cut being processed",
      });
    } finally {
      await worker.close(true);
      await queues.close();
      connection.disconnect();
      direct.disconnect();
      await deleteRedisPrefix(workerPrefix);
    }
  });
});
