import type { ContextSigner } from "@ctxlog/core";
import type { PrismaClient } from "@ctxlog/db";
import type { JobQueues } from "@ctxlog/jobs";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { ConfirmationEstimator } from "./contexts/confirmation-estimate";
import type { ContextWriter } from "./contexts/context-writer";
import type { ApiEnv } from "./env";
import type { AuthCache } from "./http/auth-cache";
import type { ApiMetrics } from "./http/metrics";
import type { PlanRateLimiter } from "./http/rate-limit";

/** Everything a route needs, built once in main.ts (or by the test harness). */
export interface ApiDeps {
  env: ApiEnv;
  db: PrismaClient;
  redis: Redis;
  queues: JobQueues;
  signer: ContextSigner;
  logger: Logger;
  metrics: ApiMetrics;
  rateLimiter: PlanRateLimiter;
  authCache: AuthCache;
  contextWriter: ContextWriter;
  confirmationEstimate: ConfirmationEstimator;
}
