import { createContextSigner } from "@ctxlog/core";
import { createDb } from "@ctxlog/db";
import { createRedisConnection, JobQueues } from "@ctxlog/jobs";
import type { Logger } from "pino";
import { ConfirmationEstimator } from "./contexts/confirmation-estimate";
import { createContextWriter } from "./contexts/context-writer";
import type { ApiDeps } from "./deps";
import type { ApiEnv } from "./env";
import { createApiMetrics } from "./http/metrics";
import { PlanRateLimiter } from "./http/rate-limit";

/** Builds the API's dependencies from a parsed environment; `close` releases them all. */
export function createApiDeps(env: ApiEnv, logger: Logger): ApiDeps & { close: () => Promise<void> } {
  const db = createDb(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
  const redis = createRedisConnection(env.REDIS_URL, "producer");
  redis.on("error", (err) => logger.warn({ err: err.message }, "redis connection error"));
  const queues = new JobQueues(redis, env.REDIS_PREFIX);
  const rateLimiter = new PlanRateLimiter(redis, {
    prefix: env.REDIS_PREFIX,
    plans: env.PLAN_RATE_LIMITS,
    defaultPlan: env.DEFAULT_PLAN,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  });
  return {
    env,
    db,
    redis,
    queues,
    rateLimiter,
    logger,
    contextWriter: createContextWriter(db, queues, logger),
    confirmationEstimate: new ConfirmationEstimator(
      db,
      {
        network: env.NETWORK_NAME,
        batchWindowMs: env.BATCH_WINDOW_MS,
        expectedBlockTimeMs: env.EXPECTED_BLOCK_TIME_MS,
        confirmations: env.CONFIRMATIONS,
      },
      logger,
    ),
    signer: createContextSigner(env.SIGNER_PRIVATE_KEY as `0x${string}`),
    metrics: createApiMetrics(),
    close: async () => {
      await queues.close().catch(() => {});
      redis.disconnect();
      await db.$disconnect();
    },
  };
}
