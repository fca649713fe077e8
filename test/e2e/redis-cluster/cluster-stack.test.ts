// The whole stack on a Redis Cluster: a three-master cluster of this suite's own (Debian's
// redis-server 7.0), the API, the chain worker on anvil and the webhook worker, all given
// REDIS_CLUSTER_NODES. Contexts go in through the API (rate limits, failed-auth limits, enqueues),
// are anchored and confirmed, and every event reaches a loopback receiver: 0 CROSSSLOT errors on
// any master, every context in exactly one confirmed batch, every delivery received exactly once.
import type { AnvilInstance } from "@ctxlog/contracts/anvil";
import { deliveryIdOf } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { type LocalRedisCluster, startRedisCluster } from "@ctxlog/jobs/testing";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import { callApi, type RunningApps, startApps, startChain } from "../ops/stack";

let cluster: LocalRedisCluster;
let anvil: AnvilInstance;
let database: TestDatabase;
let apps: RunningApps;
let receiver: Receiver;

beforeAll(async () => {
  cluster = await startRedisCluster();
  const chain = await startChain();
  anvil = chain.anvil;
  database = await createTestDatabase("ctxlog_redis_cluster_test");
  receiver = await startReceiver(() => 200);
  apps = await startApps({
    databaseUrl: database.url,
    redisUrl: cluster.url,
    redisPrefix: "ctxlog-test", // the cluster is this suite's alone
    redisClusterNodes: cluster.nodesEnv,
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    registryAddress: chain.registryAddress,
  });
}, 120_000);

afterAll(async () => {
  await apps?.stop();
  await receiver?.close();
  await database?.drop();
  await anvil?.stop();
  await cluster?.stop();
});

const BATCHES = 8;
const PER_BATCH = 25;
const SINGLES = 20;
const N = BATCHES * PER_BATCH + SINGLES;
const context = (i: number) => ({ agent_id: `agent-${i % 4}`, context_data: { step: i } });

it("takes, anchors and delivers every context once across the three apps, with 0 CROSSSLOT errors", async () => {
  const { key } = await createApiKey(database.db, { userId: "cluster-user", type: "full" });
  const hook = await callApi(apps, key, "POST", "/v1/webhooks", {
    url: receiver.url,
    events: ["context.created", "context.confirmed"],
  });
  expect(hook.status).toBe(201);
  // a failed authentication: the failed-auth limiter's counters live on the cluster too
  const refused = await fetch(`${apps.apiUrl}/v1/contexts`, {
    headers: { authorization: `Bearer ${key.slice(0, -4)}AAAA` },
  });
  expect(refused.status).toBe(401);

  const posts = [
    ...Array.from({ length: BATCHES }, (_, b) =>
      callApi(apps, key, "POST", "/v1/contexts/batch", {
        contexts: Array.from({ length: PER_BATCH }, (_, i) => context(b * PER_BATCH + i)),
      }),
    ),
    ...Array.from({ length: SINGLES }, (_, i) =>
      callApi(apps, key, "POST", "/v1/contexts", context(BATCHES * PER_BATCH + i)),
    ),
  ];
  const answers = await Promise.all(posts);
  expect(answers.map((a) => a.status)).toEqual(Array(posts.length).fill(202));

  const db = database.db;
  await waitFor(async () => ((await db.confirmedContext.count()) === N ? true : undefined), {
    timeout: 60_000,
  });
  // two events per context, each delivered once
  await waitFor(
    async () =>
      (await db.webhookDelivery.count({ where: { status: "succeeded" } })) === 2 * N ? true : undefined,
    { timeout: 60_000 },
  );
  await new Promise((r) => setTimeout(r, 500)); // a duplicate job would be delivered within this

  // anchoring: every context in exactly one confirmed batch, none left pending or failed
  expect(await db.context.count()).toBe(N);
  const batches = await db.anchor.groupBy({ by: ["status"], _sum: { contextCount: true } });
  expect(batches).toEqual([{ status: "confirmed", _sum: { contextCount: N } }]);

  // delivery: one request per delivery row, one row per (webhook, event), first attempt each
  const deliveries = await db.webhookDelivery.findMany({ select: { eventId: true, attempts: true } });
  expect(deliveries).toHaveLength(2 * N);
  expect(deliveries.every((d) => d.attempts === 1)).toBe(true);
  // each event's delivery id (its own, as dlv_) once per webhook
  const received = receiver.requests.map((r) => r.headers["x-service-delivery"]);
  expect(received.sort()).toEqual(deliveries.map((d) => deliveryIdOf(d.eventId)).sort());

  expect((await cluster.errorCounts()).CROSSSLOT ?? 0).toBe(0);
  // the queues and counters are spread: more than one master holds keys
  expect((await cluster.keyCounts()).filter((n) => n > 0).length).toBeGreaterThan(1);
}, 180_000);
