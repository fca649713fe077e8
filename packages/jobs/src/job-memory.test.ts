import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { Redis } from "ioredis";
import { deliveryJobsFor } from "./catalog";
import { createRedisConnection } from "./connection";
import { JobQueues } from "./queues";
import { deleteRedisPrefix, TEST_REDIS_URL } from "./testing";

// Redis memory per queued job, for docs/operations.md ("Redis"): the bytes every key under this
// suite's prefix takes (MEMORY USAGE), divided by the jobs queued. Printed, and bounded here so a
// change to the job options that bloats every job fails.
const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
const producer = createRedisConnection(TEST_REDIS_URL, "producer");
const redis = new Redis(TEST_REDIS_URL);
const queues = new JobQueues(producer, prefix, 30_000);
const N = 2_000;
// contexts per committed write: what concurrent single POSTs coalesce into at ~50 connections
const WRITE_SIZE = 40;
const rowId = (kind: string, n: number) => `${kind}_${String(n).padStart(26, "0")}`;

beforeAll(async () => {
  if (producer.status !== "ready") await once(producer, "ready");
});
afterAll(async () => {
  await queues.close();
  producer.disconnect();
  redis.disconnect();
  await deleteRedisPrefix(prefix);
});

async function bytesUnderPrefix(): Promise<number> {
  let total = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1_000);
    cursor = next;
    for (const key of keys) total += Number((await redis.memory("USAGE", key, "SAMPLES", "0")) ?? 0);
  } while (cursor !== "0");
  return total;
}

describe("Redis memory per queued job", () => {
  it("is about a kilobyte for an anchor job and for a delayed delivery job", async () => {
    const before = await bytesUnderPrefix();
    // one anchor job per committed write; a write of WRITE_SIZE contexts names them all
    for (let i = 0; i < N; i += 500) {
      const jobs = Array.from({ length: 500 }, (_, j) => {
        const contextIds = Array.from({ length: WRITE_SIZE }, (_, k) =>
          rowId("ctx", (i + j) * WRITE_SIZE + k),
        );
        return { payload: { contextIds }, jobId: contextIds[0] as string };
      });
      await queues.enqueueMany("anchorContexts", jobs);
    }
    const anchors = await bytesUnderPrefix();
    for (let i = 0; i < N; i += 500) {
      const keys = Array.from({ length: 500 }, (_, j) => ({
        eventId: rowId("evt", i + j),
        webhookId: rowId("whk", (i + j) % 3),
      }));
      await queues.enqueueMany(
        "deliverWebhook",
        deliveryJobsFor(keys).map((job) => ({ ...job, delay: 3_600_000 })),
      );
    }
    const deliveries = await bytesUnderPrefix();
    const perAnchorJob = (anchors - before) / N;
    const perDeliveryJob = (deliveries - anchors) / N;
    console.log(
      `Redis memory per queued job (${N} each, MEMORY USAGE under the prefix): ` +
        `anchor write of ${WRITE_SIZE} contexts (waiting) ${perAnchorJob.toFixed(0)} B ` +
        `(${(perAnchorJob / WRITE_SIZE).toFixed(0)} B a context), ` +
        `webhook delivery (delayed) ${perDeliveryJob.toFixed(0)} B`,
    );
    expect(perAnchorJob).toBeGreaterThan(100);
    expect(perAnchorJob).toBeLessThan(2_048 + WRITE_SIZE * 64);
    expect(perDeliveryJob).toBeGreaterThan(100);
    expect(perDeliveryJob).toBeLessThan(2_048);
  });
});
