import { once } from "node:events";
import type http from "node:http";
import { pgTimeoutsFrom, redisTargetFrom, retentionPolicies, secretKeyringFromEnv } from "@ctxlog/core";
import { createDb, listenForRecordedEvents, type OutboxListener } from "@ctxlog/db";
import { createRedisConnection, JobQueues } from "@ctxlog/jobs";
import { type RunningLoop, serveMetrics } from "@ctxlog/runtime";
import { createWebhookSender } from "@ctxlog/webhooks";
import type { Logger } from "pino";
import { startDataRetentionLoop } from "./data-retention-loop";
import { createDeliveryProcessor } from "./delivery-processor";
import { createDeliveryStore } from "./delivery-store";
import { createDeliveryWorker } from "./delivery-worker";
import { EndpointLimiter } from "./endpoint-limiter";
import { EndpointRateLimiter } from "./endpoint-rate-limiter";
import type { WorkerEnv } from "./env";
import { startFanOutLoop } from "./fan-out-loop";
import { createWorkerMetrics } from "./metrics";
import { startQueueGauges } from "./queue-gauges";
import { startReconciler } from "./reconciler";
import { startRetentionLoop } from "./retention-loop";

// A job waits in-process for its endpoint when a slot should free up within MAX_WAIT_MS (cheaper
// than a round-trip through Redis' delayed set); else it is deferred, never for longer than
// MAX_DEFER_MS before it looks again.
const MAX_WAIT_MS = 500;
const MAX_DEFER_MS = 60_000;

/**
 * Builds the webhook worker from a parsed environment: the BullMQ worker of the deliveries queue,
 * the fan-out loop and the reconciler. `start` runs them; `stop` lets in-flight attempts finish
 * (BullMQ's close waits for them) and then releases every connection.
 */
export function createWorkerRuntime(env: WorkerEnv, logger: Logger) {
  const db = createDb(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE, timeouts: pgTimeoutsFrom(env) });
  // The BullMQ worker waits out a Redis outage (and reopens a connection silent for longer than
  // its longest read plus the command timeout); the producer side fails fast (the reconciler
  // re-enqueues whatever a failed enqueue missed).
  const workerRedis = createRedisConnection(redisTargetFrom(env), "worker", {
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  const producerRedis = createRedisConnection(redisTargetFrom(env), "producer", {
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  for (const r of [workerRedis, producerRedis]) {
    r.on("error", (err) => logger.warn({ err: err.message }, "redis connection error"));
  }
  const queues = new JobQueues(producerRedis, env.REDIS_PREFIX);
  const metrics = createWorkerMetrics();
  const sender = createWebhookSender({
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    allowInsecure: env.WEBHOOK_ALLOW_INSECURE_URLS,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS,
  });
  const processor = createDeliveryProcessor({
    store: createDeliveryStore(
      db,
      env.WEBHOOK_RETRY_DELAYS_MS,
      secretKeyringFromEnv(env),
      env.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
    ),
    sender,
    limiter: new EndpointLimiter({
      perEndpoint: env.WEBHOOK_ENDPOINT_CONCURRENCY,
      maxWaitMs: MAX_WAIT_MS,
      maxDeferMs: MAX_DEFER_MS,
    }),
    rateLimiter: new EndpointRateLimiter(producerRedis, env.REDIS_PREFIX, MAX_WAIT_MS),
    metrics,
    logger,
  });
  const worker = createDeliveryWorker(processor, {
    connection: workerRedis,
    prefix: env.REDIS_PREFIX,
    concurrency: env.WEBHOOK_CONCURRENCY,
    lockDurationMs: env.WEBHOOK_LOCK_DURATION_MS,
    logger,
  });

  let loops: RunningLoop[] = [];
  let listener: OutboxListener | undefined;
  let metricsServer: http.Server | undefined;
  let running: Promise<void> | undefined;
  // /readyz: 200 once the worker consumes and the fan-out runs, 503 before (the ops port is up first,
  // so a scraper sees the start) and from the moment a shutdown begins.
  let phase: "starting" | "ready" | "stopping" = "starting";

  async function start() {
    if (env.WEBHOOK_WORKER_METRICS_PORT !== undefined) {
      metricsServer = await serveMetrics(
        metrics.registry,
        env.WEBHOOK_WORKER_METRICS_PORT,
        env.WEBHOOK_WORKER_METRICS_HOST,
        { readiness: async () => ({ ready: phase === "ready", body: { status: phase } }) },
      );
    }
    running = worker.run().catch((err: unknown) => logger.error({ err }, "delivery worker stopped"));
    await worker.waitUntilReady();
    // The producer connection has no offline queue: enqueues before it is ready would fail.
    if (producerRedis.status !== "ready") await once(producerRedis, "ready");
    const fanOut = startFanOutLoop({
      db,
      queues,
      logger,
      metrics,
      batchSize: env.WEBHOOK_FANOUT_BATCH_SIZE,
      pollMs: env.WEBHOOK_FANOUT_POLL_MS,
    });
    loops = [
      fanOut,
      startReconciler({ db, queues, logger, metrics, intervalMs: env.WEBHOOK_RECONCILE_INTERVAL_MS }),
      startRetentionLoop({
        db,
        logger,
        retentionMs: env.RETENTION_DAYS * 86_400_000,
        intervalMs: env.RETENTION_INTERVAL_MS,
        batchSize: env.RETENTION_BATCH_SIZE,
      }),
    ];
    const dataPolicies = retentionPolicies(
      env.CONTEXT_DATA_RETENTION_DAYS,
      env.CONTEXT_DATA_RETENTION_DAYS_BY_PLAN,
    );
    if (dataPolicies.length > 0) {
      loops.push(
        startDataRetentionLoop({
          db,
          logger,
          policies: dataPolicies,
          intervalMs: env.RETENTION_INTERVAL_MS,
          batchSize: env.CONTEXT_DATA_RETENTION_BATCH_SIZE,
        }),
      );
    }
    if (metricsServer)
      loops.push(startQueueGauges({ db, queues, metrics, logger, intervalMs: env.METRICS_REFRESH_MS }));
    // New events wake the fan-out at once; polling stays the safety net.
    listener = listenForRecordedEvents(env.DATABASE_URL, () => fanOut.wake(), {
      onError: (err) => logger.warn({ err }, "outbox LISTEN connection lost; reconnecting"),
    });
    phase = "ready";
  }

  async function stop() {
    phase = "stopping";
    await listener?.close();
    await Promise.all(loops.map((l) => l.stop()));
    await worker.close();
    await running;
    await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
    await queues.close().catch(() => {});
    workerRedis.disconnect();
    producerRedis.disconnect();
    await sender.close();
    await db.$disconnect();
  }

  return { start, stop, db, queues, metrics, metricsPort: () => addressPort(metricsServer) };
}

function addressPort(server: http.Server | undefined): number | undefined {
  const address = server?.address();
  return typeof address === "object" && address ? address.port : undefined;
}

export type WorkerRuntime = ReturnType<typeof createWorkerRuntime>;
