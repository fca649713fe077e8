import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createRedisConnection } from "./connection";
import { readQueueStats } from "./queue-stats";
import { JobQueues } from "./queues";
import { deleteRedisPrefix, TEST_REDIS_URL } from "./testing";

const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
const redis = createRedisConnection(TEST_REDIS_URL, "producer");
const queues = new JobQueues(redis, prefix);
const id = (n: number) => `ctx_${String(n).padStart(26, "0")}`;

beforeAll(async () => {
  if (redis.status !== "ready") await once(redis, "ready");
});

afterAll(async () => {
  await queues.close();
  redis.disconnect();
  await deleteRedisPrefix(prefix);
});

describe("readQueueStats", () => {
  it("counts waiting and delayed jobs and ages the oldest waiting one from when it was due", async () => {
    const queue = queues.queue("anchorContexts");
    expect(await readQueueStats(queue)).toEqual({
      counts: { waiting: 0, delayed: 0, active: 0 },
      oldestWaitingSeconds: 0,
    });
    const before = Date.now();
    await queues.enqueueMany(
      "anchorContexts",
      [1, 2, 3].map((n) => ({ payload: { contextIds: [id(n)] }, jobId: id(n) })),
    );
    await queues.enqueue("anchorContexts", { contextIds: [id(4)] }, { jobId: id(4), delay: 60_000 });
    const later = await readQueueStats(queue, before + 90_000);
    expect(later.counts).toEqual({ waiting: 3, delayed: 1, active: 0 });
    // the waiting jobs were created at `before` or just after: ~90 s old at `before + 90 s`
    expect(later.oldestWaitingSeconds).toBeGreaterThan(85);
    expect(later.oldestWaitingSeconds).toBeLessThanOrEqual(90);
  });
});
