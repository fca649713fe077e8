import { once } from "node:events";
import { redisTargetFrom } from "@ctxlog/core";
import { createRedisConnection, isCluster } from "./connection";
import { type LocalRedisSentinel, startRedisSentinel } from "./local-redis";
import { JobQueues } from "./queues";

// Integration: REDIS_SENTINELS + REDIS_SENTINEL_NAME reach the master a sentinel of this suite's own
// names (Debian's redis-server in sentinel mode), and the queues work through it as on one Redis.
let sentinel: LocalRedisSentinel;

beforeAll(async () => {
  sentinel = await startRedisSentinel();
}, 60_000);
afterAll(async () => {
  await sentinel?.stop();
});

it("finds the master through the sentinel and enqueues on it", async () => {
  const target = redisTargetFrom({
    // the URL's host is not the master's: only the sentinel tells where it is
    REDIS_URL: "redis://127.0.0.1:1",
    REDIS_SENTINELS: sentinel.sentinels,
    REDIS_SENTINEL_NAME: sentinel.name,
  });
  const redis = createRedisConnection(target, "producer");
  redis.on("error", () => {});
  try {
    if (redis.status !== "ready") await once(redis, "ready");
    expect(isCluster(redis)).toBe(false);
    const queues = new JobQueues(redis, "ctxlog-test");
    await queues.enqueue(
      "deliverWebhook",
      { eventId: `evt_${"0".repeat(26)}`, webhookId: `whk_${"0".repeat(26)}` },
      { jobId: "d1" },
    );
    expect(await queues.queue("deliverWebhook").getJobCounts("waiting")).toEqual({ waiting: 1 });
    await queues.close();
    expect(await redis.info("server")).toContain(`tcp_port:${sentinel.master.port}`);
  } finally {
    await redis.quit(); // and its connection to the sentinel, which watches for failovers
  }
}, 30_000);
