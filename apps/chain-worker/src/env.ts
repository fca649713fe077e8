import {
  checkRedisTopology,
  envFlag,
  optionalEnv,
  parseConfig,
  parseSignerKey,
  postgresEnv,
  redisEnv,
  SIGNATURE_TYPE,
} from "@ctxlog/core";
import { z } from "zod";
import { defaultWitnessThreshold, parseWitnessList, type WitnessConfig } from "./tlog/witness-config";

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
/** A note signer key the log can sign checkpoints with (Ed25519, not a witness's cosignature key). */
function isSignerKey(value: string): boolean {
  try {
    return parseSignerKey(value).type === SIGNATURE_TYPE.ed25519;
  } catch {
    return false;
  }
}

const DEVELOPMENT_TLOG_ORIGIN = "localhost/ctxlog-dev-tlog";
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
  /** the transparency log (docs/transparency-log.md): a checkpoint this often while entries arrive */
  TLOG_CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(10).default(1_000),
  /**
   * the log's note signer key, `PRIVATE+KEY+<name>+<key id>+<base64>` (Go's note.GenerateKey form);
   * required unless CTXLOG_DEV_MODE, where .env.example's development key is the default
   */
  TLOG_SIGNING_KEY: optionalEnv(
    z.string().refine(isSignerKey, {
      error:
        "a signed-note Ed25519 signer key, PRIVATE+KEY+<name>+<key id>+<base64>; make one with @ctxlog/core generateNoteKey(origin) (docs/transparency-log.md)",
    }),
  ),
  /** the checkpoints' origin line: the log's name, by convention its URL prefix without the scheme */
  TLOG_ORIGIN: z
    .string()
    .min(1)
    .refine((v) => !/[\n\r]/.test(v), { error: "one line" })
    .default(DEVELOPMENT_TLOG_ORIGIN),
  /**
   * the witnesses each new checkpoint is sent to (C2SP tlog-witness): comma-separated
   * `<url>=<verifier key>` (docs/transparency-log.md, "Witnesses"); unset: none
   */
  TLOG_WITNESSES: z
    .string()
    .optional()
    .transform((v, ctx): WitnessConfig[] => {
      try {
        return parseWitnessList(v ?? "");
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** k of the witness policy: the served checkpoint is the newest k witnesses cosigned; default 1 with witnesses, else 0 */
  TLOG_WITNESS_THRESHOLD: optionalEnv(z.coerce.number().int().min(0)),
  /** how long one add-checkpoint request to a witness may take */
  TLOG_WITNESS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  CTXLOG_DEV_MODE: envFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** The log's development key (.env.example's; refused outside CTXLOG_DEV_MODE like every published key). */
export const DEVELOPMENT_TLOG_SIGNING_KEY =
  "PRIVATE+KEY+localhost/ctxlog-dev-tlog+a89cbd3f+Adex8PSEptx8l714xKQjxsUkOvYmIeDPxrU+53EmBz7F";

export type ChainWorkerEnv = Omit<
  z.infer<typeof chainWorkerEnvSchema>,
  "TLOG_SIGNING_KEY" | "TLOG_WITNESS_THRESHOLD"
> & {
  TLOG_SIGNING_KEY: string;
  TLOG_WITNESS_THRESHOLD: number;
};

/** Parses the environment once, at start-up; a bad value stops the process with every problem listed. */
export function parseChainWorkerEnv(source: NodeJS.ProcessEnv): ChainWorkerEnv {
  const schema = chainWorkerEnvSchema.superRefine(checkRedisTopology).superRefine((env, ctx) => {
    if (env.TLOG_SIGNING_KEY === undefined && !env.CTXLOG_DEV_MODE) {
      ctx.addIssue({
        code: "custom",
        path: ["TLOG_SIGNING_KEY"],
        message:
          "required: the transparency log's signer key (the development key only with CTXLOG_DEV_MODE=true)",
      });
    }
    // a policy that could never be met would stop publishing checkpoints: refused at start-up
    const n = env.TLOG_WITNESSES?.length ?? 0;
    if (env.TLOG_WITNESS_THRESHOLD !== undefined && env.TLOG_WITNESS_THRESHOLD > n) {
      ctx.addIssue({
        code: "custom",
        path: ["TLOG_WITNESS_THRESHOLD"],
        message: `${env.TLOG_WITNESS_THRESHOLD} is more than the ${n} witness${n === 1 ? "" : "es"} TLOG_WITNESSES lists: the checkpoint could never be published`,
      });
    }
  });
  const env = parseConfig(schema, source, "the chain worker");
  return {
    ...env,
    TLOG_SIGNING_KEY: env.TLOG_SIGNING_KEY ?? DEVELOPMENT_TLOG_SIGNING_KEY,
    TLOG_WITNESS_THRESHOLD: env.TLOG_WITNESS_THRESHOLD ?? defaultWitnessThreshold(env.TLOG_WITNESSES),
  };
}
