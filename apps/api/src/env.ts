import { availableParallelism } from "node:os";
import {
  checkRedisTopology,
  checkSecretsEncryptionEnv,
  dataRetentionEnv,
  envFlag,
  optionalEnv,
  parseConfig,
  postgresEnv,
  redisEnv,
  secretsEncryptionEnv,
} from "@ctxlog/core";
import { checkMailEnv, mailEnv } from "@ctxlog/mail";
import { z } from "zod";

/** `free:600,pro:6000` → { free: 600, pro: 6000 } */
const planLimits = z
  .string()
  .transform((raw, ctx) => {
    const limits: Record<string, number> = {};
    for (const part of raw
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = /^([a-z][a-z0-9_-]*):(\d+)$/.exec(part);
      if (!match?.[1] || !match[2]) {
        ctx.addIssue({ code: "custom", message: `expected plan:limit, got "${part}"` });
        return z.NEVER;
      }
      limits[match[1]] = Number(match[2]);
    }
    return limits;
  })
  .refine((limits) => Object.keys(limits).length > 0, "at least one plan");

export const apiEnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    // /metrics, /readyz and /healthz for operators, apart from the public port; keep it private.
    OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9463),
    OPS_HOST: z.string().min(1).default("127.0.0.1"),
    // Node runs JavaScript on one core: more processes (node:cluster) serve more on a multi-core host.
    API_PROCESSES: z
      .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)])
      .default(1)
      .transform((n) => (n === "auto" ? availableParallelism() : n)),
    ...postgresEnv,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    ...redisEnv,
    // Contexts accepted and not yet written, per process; beyond it POST /v1/contexts answers 503.
    CONTEXT_WRITE_QUEUE_MAX: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
    // Signs each context's receipt (its one signature); the chain worker's gas-paying SIGNER_PRIVATE_KEY stays out of the API.
    ATTESTATION_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hex private key with 0x prefix"),
    // Read only to refuse it as the attestation key (below): the API never uses the gas-paying key.
    SIGNER_PRIVATE_KEY: optionalEnv(z.string()),
    CTXLOG_DEV_MODE: envFlag,
    /** the transparency log's routes (/v1/tlog/…) need no key; false: a key that may read contexts */
    TLOG_PUBLIC: z
      .enum(["true", "false", "1", "0"])
      .transform((v) => v === "true" || v === "1")
      .default(true),
    NETWORK_NAME: z.string().min(1).default("anvil"),
    CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
    EXPECTED_BLOCK_TIME_MS: z.coerce.number().int().min(1).default(1000),
    BATCH_WINDOW_MS: z.coerce.number().int().min(0).default(1000),
    PLAN_RATE_LIMITS: planLimits.default({ free: 600, pro: 6000, enterprise: 60000 }),
    DEFAULT_PLAN: z.string().default("free"),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    AUTH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
    // Failed authentications (unknown, revoked, expired keys) per client address per window; 0 = off.
    AUTH_FAILURE_LIMIT: z.coerce.number().int().min(0).default(30),
    AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    TRUST_PROXY: envFlag,
    // Every request is answered within this (ms): past it, 503 SERVICE_UNAVAILABLE with Retry-After
    // (a stalled PostgreSQL or Redis holds no request longer). Streams already started are cut.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    // Agent exports (GET /v1/agents/:agent_id/export) running at once, per user and per process;
    // past either, 429. Each export reads pages of at most EXPORT_PAGE_BYTES of entries, and costs
    // one rate-limit unit more per EXPORT_BYTES_PER_UNIT it sends.
    EXPORT_MAX_PER_USER: z.coerce.number().int().min(1).max(1_000).default(2),
    EXPORT_MAX_PER_PROCESS: z.coerce.number().int().min(1).max(1_000).default(4),
    EXPORT_PAGE_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .max(64 * 1024 * 1024)
      .default(1024 * 1024),
    EXPORT_BYTES_PER_UNIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEBHOOK_ALLOW_INSECURE_URLS: envFlag,
    WEBHOOK_ALLOW_PRIVATE_URLS: envFlag,
    WEBHOOK_MAX_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
    // Verification reads the chain; without RPC_URL, POST /v1/verifications answers 503.
    RPC_URL: optionalEnv(
      z.url({ protocol: /^https?$/, error: "the chain's JSON-RPC endpoint (http[s]://…)" }),
    ),
    REGISTRY_ADDRESS: optionalEnv(
      z.string().regex(/^0x[0-9a-fA-F]{40}$/, "the deployed registry's 20-byte address"),
    ),
    CHAIN_ID: optionalEnv(z.coerce.number().int().positive()),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    // Webhook signing secrets are stored encrypted under this key (docs/webhooks.md, "Secrets at rest": rotation).
    ...secretsEncryptionEnv,
    // The data retention the webhook worker enforces, stated in evidence packs (policy.json).
    ...dataRetentionEnv,
    // Erasure of context data received less than this many days ago is refused (409) unless the
    // request says override_retention with a reason (docs/erasure.md); 0: no minimum. Stated in
    // evidence packs (policy.json's data_min_retention_days).
    CONTEXT_DATA_MIN_RETENTION_DAYS: z.coerce.number().min(0).max(36_500).default(0),
    // The dashboard (apps/dashboard/dist, served at /dashboard) and its sessions.
    PUBLIC_BASE_URL: optionalEnv(
      z.url({ protocol: /^https?$/, error: "the API's public origin (http[s]://…)" }),
    ),
    DASHBOARD_DIST_DIR: optionalEnv(z.string().min(1)),
    // A JSON-RPC URL of the chain that people's browsers may call (the dashboard's agent audit):
    // public, so never the RPC_URL of the service when that carries a provider key.
    DASHBOARD_CHAIN_RPC_URL: optionalEnv(z.url({ protocol: /^https?$/, error: "an http(s) JSON-RPC URL" })),
    SESSION_IDLE_TIMEOUT_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(12),
    SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(168),
    SESSION_COOKIE_SECURE: envFlag,
    // Failed sign-ins per account (email) at one client address, and per client address, per
    // window; 0 = off. Past 5 failures of an account at an address, its next tries wait 1, 2, 4, … s.
    SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().min(0).default(10),
    SIGN_IN_ADDRESS_LIMIT: z.coerce.number().int().min(0).default(30),
    SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    // Invitations (POST /v1/accounts/invitations) are mailed to the invited email through SMTP_URL,
    // From MAIL_FROM (required with it). Without SMTP_URL: printed to the API's output with
    // CTXLOG_DEV_MODE (npm start), else invitations answer 503.
    ...mailEnv,
  })
  .superRefine(checkSecretsEncryptionEnv)
  .superRefine(checkRedisTopology)
  .superRefine(checkMailEnv)
  .refine((env) => env.DEFAULT_PLAN in env.PLAN_RATE_LIMITS, {
    message: "DEFAULT_PLAN must be one of the plans in PLAN_RATE_LIMITS",
    path: ["DEFAULT_PLAN"],
  })
  .refine((env) => env.OPS_PORT === 0 || env.OPS_PORT !== env.PORT, {
    message: "OPS_PORT must differ from PORT (operations stay off the public port)",
    path: ["OPS_PORT"],
  })
  .refine((env) => env.SESSION_IDLE_TIMEOUT_HOURS <= env.SESSION_ABSOLUTE_TIMEOUT_HOURS, {
    message: "SESSION_IDLE_TIMEOUT_HOURS must not exceed SESSION_ABSOLUTE_TIMEOUT_HOURS",
    path: ["SESSION_IDLE_TIMEOUT_HOURS"],
  })
  .refine((env) => env.RPC_URL === undefined || env.REGISTRY_ADDRESS !== undefined, {
    message: "REGISTRY_ADDRESS is required with RPC_URL",
    path: ["REGISTRY_ADDRESS"],
  })
  // One key for receipts and gas would let whoever holds the chain worker's key sign receipts.
  .refine((env) => env.CTXLOG_DEV_MODE || !sameKey(env.SIGNER_PRIVATE_KEY, env.ATTESTATION_PRIVATE_KEY), {
    message:
      "must differ from SIGNER_PRIVATE_KEY (the chain worker's gas key); the same key is allowed only with CTXLOG_DEV_MODE=true",
    path: ["ATTESTATION_PRIVATE_KEY"],
  });

function sameKey(a: string | undefined, b: string): boolean {
  const normalize = (key: string) => key.trim().toLowerCase().replace(/^0x/, "");
  return a !== undefined && normalize(a) === normalize(b);
}

// the gas key's value is not kept: nothing in the API needs it after the check above
export type ApiEnv = Omit<z.infer<typeof apiEnvSchema>, "SIGNER_PRIVATE_KEY">;

/** PUBLIC_BASE_URL without a trailing slash, else this process's default address. */
export function publicBaseUrl(env: Pick<ApiEnv, "PUBLIC_BASE_URL" | "PORT">): string {
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** Parses the environment once, at start-up; a bad value stops the process with every problem listed. */
export function parseApiEnv(source: NodeJS.ProcessEnv): ApiEnv {
  const { SIGNER_PRIVATE_KEY: _gasKey, ...env } = parseConfig(apiEnvSchema, source, "the API");
  return env;
}
