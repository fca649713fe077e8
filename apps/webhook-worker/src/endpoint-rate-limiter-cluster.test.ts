// Integration: the per-endpoint rate-limit script (two keys: the next slot and the deferral
// horizon) on a three-master Redis Cluster of its own. Without the webhook's hash tag the two keys
// hash to different slots and every reservation that defers fails with CROSSSLOT.
import { once } from "node:events";
import { redisTargetFrom } from "@ctxlog/core";
import { createRedisConnection, type RedisClient } from "@ctxlog/jobs";
import { type LocalRedisCluster, startRedisCluster } from "@ctxlog/jobs/testing";
import { EndpointRateLimiter } from "./endpoint-rate-limiter";

let cluster: LocalRedisCluster;
let redis: RedisClient;

beforeAll(async () => {
  cluster = await startRedisCluster();
  const target = redisTargetFrom({
    REDIS_URL: cluster.url,
    REDIS_CLUSTER_NODES: cluster.nodes,
    REDIS_SENTINEL_NAME: "mymaster",
  });
  redis = createRedisConnection(target, "producer");
  if (redis.status !== "ready") await once(redis, "ready");
}, 60_000);
afterAll(async () => {
  redis?.disconnect();
  await cluster?.stop();
});

it("reserves and defers on 20 endpoints with 0 CROSSSLOT errors", async () => {
  const limiter = new EndpointRateLimiter(redis, "ctxlog-test", 100);
  const outcomes = { sent: 0, deferred: 0 };
  for (let w = 0; w < 20; w++) {
    // 1 per second with 100 ms of waiting allowed: the first takes a slot, the next two defer
    // (the deferral horizon, the script's second key, is read and written)
    for (let i = 0; i < 3; i++) {
      const r = await limiter.reserve(`whk_${String(w).padStart(26, "0")}`, 1);
      outcomes[r.ok ? "sent" : "deferred"]++;
    }
  }
  expect(outcomes).toEqual({ sent: 20, deferred: 40 });
  expect((await cluster.errorCounts()).CROSSSLOT ?? 0).toBe(0);
  // the 40 keys spread over the masters: a tag per webhook, not one slot for all
  expect((await cluster.keyCounts()).filter((n) => n > 0).length).toBeGreaterThan(1);
}, 30_000);
