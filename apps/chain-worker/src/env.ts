import { checkRedisTopology, optionalEnv, parseConfig, postgresEnv, redisEnv } from "@ctxlog/core";
import { z } from "zod";

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const hexKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hex private key with 0x prefix");

export const chainWorkerEnvSchema = z.object({
  ...postgresEnv,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(8),
  ...redisEnv,
  RPC_URL: z.url({
    protocol: /^(https?|wss?)$/,
    error: "the chain's JSON-RPC endpoint (http[s]://…)",
  }),
  /** when set, the node must report this chain id at start-up (guards against a wrong RPC_URL) */
  CHAIN_ID: optionalEnv(z.coerce.number().int().positive()),
  NETWORK_NAME: z.string().min(1).default("anvil"),
  REGISTRY_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "the deployed registry's 20-byte address"),
  SIGNER_PRIVATE_KEY: hexKey,
  CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  BATCH_MAX: z.coerce.number().int().min(1).max(10_000).default(4_096),
  BATCH_WINDOW_MS: ms(1_000),
  ANCHOR_GAS_LIMIT: z.coerce.number().int().min(21_000).default(60_000),
  REPLACE_AFTER_MS: ms(30_000),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  RPC_GIVE_UP_MS: ms(300_000),
  INSUFFICIENT_FUNDS_GIVE_UP_MS: ms(60_000),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(250),
  LEASE_TTL_MS: z.coerce.number().int().min(500).default(15_000),
  /** blocks an in-flight transaction may wait before the chain's nonce for the key is checked */
  NONCE_CHECK_AFTER_BLOCKS: z.coerce.number().int().min(1).max(1000).default(3),
  /** anchoring is "stalled" when the oldest pending context is older than this; unset: max(60 s, 10 × expected confirmation) */
  STALL_THRESHOLD_MS: optionalEnv(z.coerce.number().int().min(1_000)),
  /** how often the stall check runs and writes its verdict (table anchoring_health) */
  ANCHORING_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** serves /metrics and /healthz when set (keep it private) */
  CHAIN_WORKER_METRICS_PORT: optionalEnv(z.coerce.number().int().min(0).max(65535)),
  CHAIN_WORKER_METRICS_HOST: z.string().default("127.0.0.1"),
  /** how often the gauges read from the chain, PostgreSQL and Redis are refreshed (with the metrics port) */
  METRICS_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type ChainWorkerEnv = z.infer<typeof chainWorkerEnvSchema>;

/** Parses the environment once, at start-up; a bad value stops the process with every problem listed. */
export function parseChainWorkerEnv(source: NodeJS.ProcessEnv): ChainWorkerEnv {
  return parseConfig(chainWorkerEnvSchema.superRefine(checkRedisTopology), source, "the chain worker");
}
