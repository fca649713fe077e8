import { randomBytes } from "node:crypto";
import { type DeliveryKey, type EventName, generateWebhookSecret } from "@ctxlog/core";
import { createApiKey, createWebhook, recordEvent } from "@ctxlog/db";
import { createTestDatabase, TEST_SECRETS_ENV, testSecretKeyring } from "@ctxlog/db/testing";
import { deliveryJobsFor } from "@ctxlog/jobs";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { type ReceivedRequest, type Receiver, type Reply, startReceiver } from "@ctxlog/webhooks/testing";
import type { Logger } from "pino";
import { parseWorkerEnv, type WorkerEnv } from "../env";
import { createLogger } from "../logger";
import { createWorkerRuntime, type WorkerRuntime } from "../wiring";

export const REDIS_URL = TEST_REDIS_URL;

/** Compressed schedule for tests: delays before attempts 2–5. The attempt timeout stays 5 s: on a
 * loaded machine a loopback answer can take over a second, and a timed-out attempt is retried. */
export const TEST_RETRY_DELAYS_MS = [200, 400, 600, 800];

type EnvOverrides = Partial<Record<keyof WorkerEnv, string>>;

/**
 * One per test file: a fresh PostgreSQL database, a Redis key prefix of its own, and the real
 * worker runtime (BullMQ worker, fan-out loop, reconciler) in this process. Receivers are real
 * HTTP servers on 127.0.0.1. `close()` stops everything and removes only what it created.
 */
export async function createWorkerHarness(
  overrides: EnvOverrides = {},
  opts: { start?: boolean; logger?: Logger } = {},
) {
  const database = await createTestDatabase("ctxlog_webhook_worker_test");
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
  const env = workerEnv(database.url, prefix, overrides);
  const redisUrl = env.REDIS_URL;
  const runtimes: WorkerRuntime[] = [];
  const receivers: Receiver[] = [];

  async function startWorker(more: EnvOverrides = {}) {
    const runtime = createWorkerRuntime(
      workerEnv(database.url, prefix, { ...overrides, ...more }),
      opts.logger ?? createLogger("silent"),
    );
    runtimes.push(runtime);
    await runtime.start();
    return runtime;
  }
  if (opts.start !== false) await startWorker();

  async function user() {
    const userId = `usr-${randomBytes(6).toString("hex")}`;
    await createApiKey(database.db, { userId, type: "full" });
    return userId;
  }

  const keyring = testSecretKeyring();

  /** A webhook as the API creates it (secret sealed); `secret` is the plaintext, as shown once. */
  async function webhook(userId: string, url: string, events: EventName[] = ["context.created"]) {
    const secret = generateWebhookSecret();
    const row = await createWebhook(database.db, {
      userId,
      url,
      events,
      description: "",
      secret,
      keyring,
      maxPerUser: 100,
    });
    return { ...row, secret };
  }

  const event = (userId: string, name: EventName, data: Record<string, unknown> = {}) =>
    recordEvent(database.db, { userId, event: name, data });

  async function receiver(reply?: (req: ReceivedRequest, n: number) => Reply) {
    const r = await startReceiver(reply);
    receivers.push(r);
    return r;
  }

  /** What the API does after a manual retry or a test event (deliveryJobsFor: jobId = the delivery's key). */
  async function enqueueDelivery(key: DeliveryKey) {
    const runtime = runtimes[0];
    if (!runtime) throw new Error("no worker started");
    await runtime.queues.enqueueMany("deliverWebhook", deliveryJobsFor([key]));
  }

  async function close() {
    await Promise.all(runtimes.map((r) => r.stop().catch(() => {})));
    await Promise.all(receivers.map((r) => r.close()));
    await deleteRedisPrefix(prefix, redisUrl);
    await database.drop();
  }

  return {
    db: database.db,
    url: database.url,
    env,
    prefix,
    startWorker,
    user,
    webhook,
    keyring,
    event,
    receiver,
    enqueueDelivery,
    close,
  };
}

export type WorkerHarness = Awaited<ReturnType<typeof createWorkerHarness>>;

export function workerEnv(databaseUrl: string, prefix: string, overrides: EnvOverrides = {}): WorkerEnv {
  return parseWorkerEnv({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "5",
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: "silent",
    CTXLOG_DEV_MODE: "true",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_ALLOW_INSECURE_URLS: "true",
    WEBHOOK_RETRY_DELAYS_MS: TEST_RETRY_DELAYS_MS.join(","),
    WEBHOOK_TIMEOUT_MS: "5000",
    WEBHOOK_FANOUT_POLL_MS: "20",
    WEBHOOK_RECONCILE_INTERVAL_MS: "500",
    ...TEST_SECRETS_ENV,
    ...overrides,
  });
}
