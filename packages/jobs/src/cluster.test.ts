import { once } from "node:events";
import { redisTargetFrom } from "@ctxlog/core";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { deliveryJobsFor, JOBS } from "./catalog";
import { createRedisConnection, isCluster, type RedisClient } from "./connection";
import { publishKeyRevocation, subscribeKeyRevocations } from "./key-revocations";
import { queuePrefix, slotTag } from "./keyspace";
import { type LocalRedisCluster, startRedisCluster } from "./local-redis";
import { JobQueues } from "./queues";
import { TEST_REDIS_URL } from "./testing";

// Integration: the queues and the revocation channel on a three-master Redis Cluster of this
// suite's own (Debian's redis-server), through the connections the apps make from
// REDIS_CLUSTER_NODES. A cluster refuses a script over keys of two slots (CROSSSLOT): the masters'
// error counters must stay at 0.
let cluster: LocalRedisCluster;
const rowId = (kind: string, n: number) => `${kind}_${String(n).padStart(26, "0")}`;
const open: RedisClient[] = [];
const connect = (role: "producer" | "worker") => {
  const redis = createRedisConnection(
    redisTargetFrom({
      REDIS_URL: cluster.url,
      REDIS_CLUSTER_NODES: cluster.nodes,
      REDIS_SENTINEL_NAME: "mymaster",
    }),
    role,
  );
  redis.on("error", () => {});
  open.push(redis);
  return redis;
};
const ready = async (redis: RedisClient) => {
  if (redis.status !== "ready") await once(redis, "ready");
};

beforeAll(async () => {
  cluster = await startRedisCluster();
}, 60_000);
afterAll(async () => {
  for (const redis of open) redis.disconnect();
  await cluster?.stop();
});

describe("the keyspace on one Redis and on a Cluster", () => {
  it("tags queues and subjects on a Cluster only", async () => {
    const single = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    const clustered = connect("producer");
    expect(isCluster(single)).toBe(false);
    expect(isCluster(clustered)).toBe(true);
    expect(queuePrefix(single, "ctxlog", "anchor-writes")).toBe("ctxlog");
    expect(queuePrefix(clustered, "ctxlog", "anchor-writes")).toBe("ctxlog:{anchor-writes}");
    expect(slotTag(single, "user:u1")).toBe("user:u1");
    expect(slotTag(clustered, "user:u1")).toBe("{user:u1}");
    single.disconnect();
  });
});

describe("BullMQ on a three-master cluster", () => {
  it("runs every job once through the catalog's queues, with 0 CROSSSLOT errors", async () => {
    const producer = connect("producer");
    const consumer = connect("worker");
    await ready(producer);
    const queues = new JobQueues(producer, "ctxlog-test", 10_000);
    const N = 600;
    const seen = new Map<string, number>();
    let allSeen: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      allSeen = resolve;
    });
    const worker = new Worker(
      JOBS.deliverWebhook.queue,
      async (job) => {
        seen.set(job.id as string, (seen.get(job.id as string) ?? 0) + 1);
        if (seen.size === N) allSeen();
      },
      {
        connection: consumer,
        prefix: queuePrefix(consumer, "ctxlog-test", JOBS.deliverWebhook.queue),
        concurrency: 16,
      },
    );
    const keys = Array.from({ length: N }, (_, i) => ({
      eventId: rowId("evt", i),
      webhookId: rowId("whk", 1),
    }));
    for (let i = 0; i < N; i += 100) {
      await queues.enqueueMany("deliverWebhook", deliveryJobsFor(keys.slice(i, i + 100)));
    }
    await queues.enqueue("anchorContexts", { contextIds: [rowId("ctx", 1)] }, { jobId: "anchor_1" });
    await done;
    await new Promise((r) => setTimeout(r, 200)); // a duplicate would run within this
    expect(seen.size).toBe(N);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect((await cluster.errorCounts()).CROSSSLOT ?? 0).toBe(0);
    // the two queues are two slots: the anchor job waits on whichever master holds its queue
    expect(await queues.queue("anchorContexts").getJobCounts("waiting")).toEqual({ waiting: 1 });
    await worker.close();
    await queues.close();
  }, 60_000);

  // what the tags are for: the cluster refuses BullMQ's scripts over an untagged prefix
  it("counts the CROSSSLOT errors of an untagged prefix (the check above can fail)", async () => {
    const producer = connect("worker");
    await ready(producer);
    const before = (await cluster.errorCounts()).CROSSSLOT ?? 0;
    const queue = new Queue("untagged", { connection: producer, prefix: "ctxlog-test-untagged" });
    await expect(queue.add("job", {}, { jobId: "x" })).rejects.toThrow(/CROSSSLOT/);
    await queue.close();
    expect((await cluster.errorCounts()).CROSSSLOT ?? 0).toBeGreaterThan(before);
  }, 30_000);
});

describe("key revocations on a cluster", () => {
  it("reach a subscriber connected to the cluster", async () => {
    const publisher = connect("producer");
    await ready(publisher);
    const received: string[] = [];
    const target = redisTargetFrom({
      REDIS_URL: cluster.url,
      REDIS_CLUSTER_NODES: cluster.nodes,
      REDIS_SENTINEL_NAME: "mymaster",
    });
    const subscription = subscribeKeyRevocations(target, "ctxlog-test", {
      onRevoked: (keyId) => received.push(keyId),
      onGap: () => {},
    });
    try {
      for (let i = 0; i < 100 && !subscription.live; i++) await new Promise((r) => setTimeout(r, 50));
      expect(subscription.live).toBe(true);
      await publishKeyRevocation(publisher, "ctxlog-test", "key_1");
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(["key_1"]);
    } finally {
      await subscription.close();
    }
  }, 30_000);
});
