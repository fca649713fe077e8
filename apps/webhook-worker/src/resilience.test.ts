// Integration: real PostgreSQL, real Redis, real HTTP receivers on 127.0.0.1, the real worker runtime.
// The flush test runs in a Redis database claimed for this suite alone (never the shared db 0)
// and only flushes it after checking that every key there is this test's.

import { deliveryIdOf } from "@ctxlog/core";
import { loadScaledSlackMs, waitFor } from "@ctxlog/core/testing";
import { claimRedisDatabase, type RedisDatabaseClaim } from "@ctxlog/jobs/testing";
import { Redis } from "ioredis";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

describe("webhook worker — Redis FLUSHDB loses nothing (PostgreSQL + a claimed Redis db)", () => {
  let h: WorkerHarness;
  let redis: Redis;
  let claim: RedisDatabaseClaim;

  beforeAll(async () => {
    claim = await claimRedisDatabase();
    h = await createWorkerHarness({
      REDIS_URL: claim.url,
      WEBHOOK_RETRY_DELAYS_MS: "1500,200,200,200",
      WEBHOOK_RECONCILE_INTERVAL_MS: "300",
    });
    redis = new Redis(claim.url, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    redis?.disconnect();
    await h?.close();
    await claim?.release();
  });

  async function flushOurDatabase() {
    const foreign = (await redis.keys("*")).filter((k) => !k.startsWith(`${h.prefix}:`));
    if (foreign.length > 0) {
      throw new Error(`Redis ${claim.url} holds keys that are not this test's (${foreign[0]}); not flushing`);
    }
    await redis.flushdb();
  }

  it("every due delivery still arrives after the queue is wiped", async () => {
    const userId = await h.user();
    const firstTry = new Set<string>();
    const r = await h.receiver((req) => {
      const id = String(req.headers["x-service-delivery"]);
      if (firstTry.has(id)) return 200;
      firstTry.add(id);
      return 500;
    });
    const hook = await h.webhook(userId, r.url);
    for (let i = 0; i < 5; i++) await h.event(userId, "context.created", { i });
    await r.waitFor(5); // five first attempts failed: their retries wait in Redis' delayed set
    for (let i = 5; i < 10; i++) await h.event(userId, "context.created", { i });
    await waitFor(async () => (await redis.zcard(`${h.prefix}:webhook-deliveries:delayed`)) >= 5);

    await flushOurDatabase();

    const deliveries = await waitFor(
      async () => {
        const rows = await h.db.webhookDelivery.findMany({ where: { webhook: { id: hook.id } } });
        return rows.length === 10 && rows.every((d) => d.status === "succeeded") ? rows : undefined;
      },
      { timeout: 15_000 },
    );
    const acknowledged = new Set(
      r.requests
        .filter((q) => firstTry.has(String(q.headers["x-service-delivery"])))
        .map((q) => q.headers["x-service-delivery"]),
    );
    // one webhook: the delivery ids (each its event's) tell its deliveries apart
    expect(acknowledged).toEqual(new Set(deliveries.map((d) => deliveryIdOf(d.eventId))));
  });
});

describe("webhook worker — one slow endpoint does not delay the others (PostgreSQL + Redis + loopback receivers)", () => {
  let h: WorkerHarness;
  beforeAll(async () => {
    h = await createWorkerHarness({
      WEBHOOK_CONCURRENCY: "10",
      WEBHOOK_ENDPOINT_CONCURRENCY: "2",
      WEBHOOK_TIMEOUT_MS: "3000",
    });
  });
  afterAll(() => h.close());

  it("a slow endpoint holds at most its share of the worker; a fast one is served at once", async () => {
    const userId = await h.user();
    const slow = await h.receiver(() => ({ status: 200, delayMs: 1_000 }));
    const fast = await h.receiver(() => 200);
    await h.webhook(userId, slow.url, ["context.failed"]);
    await h.webhook(userId, fast.url, ["context.created"]);

    for (let i = 0; i < 6; i++) await h.event(userId, "context.failed", { i });
    await slow.waitFor(2);
    const recordedAt = Date.now();
    for (let i = 0; i < 3; i++) await h.event(userId, "context.created", { i });
    const got = await fast.waitFor(3, 5_000);
    // at once: nothing configured to wait, so the slack alone (the slow endpoint takes 1 s an attempt)
    expect(Math.max(...got.map((q) => q.at)) - recordedAt).toBeLessThan(loadScaledSlackMs(800));
    // Only two attempts to the slow endpoint were in flight at a time.
    const start = slow.requests[0]?.at ?? 0;
    expect(slow.requests.filter((q) => q.at < start + 900)).toHaveLength(2);

    await slow.waitFor(6, 15_000);
  });
});
