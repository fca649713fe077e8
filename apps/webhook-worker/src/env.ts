import {
  checkRedisTopology,
  checkSecretsEncryptionEnv,
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  dataRetentionEnv,
  ENDPOINT_HEALTH,
  envFlag,
  optionalEnv,
  parseConfig,
  parseRetryDelays,
  postgresEnv,
  redisEnv,
  secretsEncryptionEnv,
} from "@ctxlog/core";
import { z } from "zod";

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const retryDelays = z.string().transform((raw, ctx) => {
  const delays = parseRetryDelays(raw);
  if (!delays) {
    ctx.addIssue({
      code: "custom",
      message: "expected four comma-separated delays in ms (before attempts 2–5)",
    });
    return z.NEVER;
  }
  return delays;
});

export const workerEnvSchema = z.object({
  ...postgresEnv,
  DATABASE_POOL_SIZE: int(1, 200, 10),
  ...redisEnv,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEBHOOK_TIMEOUT_MS: int(100, 120_000, DEFAULT_WEBHOOK_TIMEOUT_MS),
  WEBHOOK_RETRY_DELAYS_MS: retryDelays.default([...DEFAULT_RETRY_DELAYS_MS]),
  WEBHOOK_ALLOW_PRIVATE_URLS: envFlag,
  WEBHOOK_ALLOW_INSECURE_URLS: envFlag,
  WEBHOOK_CONCURRENCY: int(1, 10_000, 100),
  WEBHOOK_ENDPOINT_CONCURRENCY: int(1, 1_000, 10),
  WEBHOOK_FANOUT_BATCH_SIZE: int(1, 10_000, 500),
  WEBHOOK_FANOUT_POLL_MS: int(1, 60_000, 250),
  WEBHOOK_RECONCILE_INTERVAL_MS: int(100, 3_600_000, 30_000),
  WEBHOOK_LOCK_DURATION_MS: int(500, 600_000, 30_000),
  // No successful delivery for this long while deliveries kept failing disables the endpoint
  // (fractions allowed, for tests: 0.001 h = 3.6 s).
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(ENDPOINT_HEALTH.defaultDisableAfterHours),
  // Events, deliveries and attempts older than this are removed (never a pending delivery, never a context).
  RETENTION_DAYS: z.coerce.number().positive().max(36_500).default(30),
  RETENTION_INTERVAL_MS: int(100, 86_400_000, 600_000),
  RETENTION_BATCH_SIZE: int(1, 10_000, 500),
  // Contexts older than this lose their data (as DELETE /v1/contexts/:id/data does; hashes and
  // proofs stay): CONTEXT_DATA_RETENTION_DAYS and _BY_PLAN (@ctxlog/core dataRetentionEnv).
  ...dataRetentionEnv,
  CONTEXT_DATA_RETENTION_BATCH_SIZE: int(1, 5_000, 200),
  WEBHOOK_WORKER_METRICS_PORT: optionalEnv(z.coerce.number().int().min(0).max(65535)),
  WEBHOOK_WORKER_METRICS_HOST: z.string().default("127.0.0.1"),
  // How often the queue gauges of /metrics are read from Redis (only while the metrics port is served).
  METRICS_REFRESH_MS: int(100, 3_600_000, 15_000),
  // Webhook signing secrets are stored encrypted: the worker decrypts them to sign.
  ...secretsEncryptionEnv,
});
// Across variables: an old key may not reuse the current key's id.
const checkedWorkerEnvSchema = workerEnvSchema
  .superRefine(checkSecretsEncryptionEnv)
  .superRefine(checkRedisTopology);

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

/** Parses the environment once, in main.ts; a bad value stops the process with every problem listed. */
export function parseWorkerEnv(source: NodeJS.ProcessEnv): WorkerEnv {
  return parseConfig(checkedWorkerEnvSchema, source, "the webhook worker");
}
