import {
  ConfigError,
  checkRedisTopology,
  checkSecretsEncryptionEnv,
  encryptionKeyEnv,
  encryptionKeyIdEnv,
  envFlag,
  oldEncryptionKeysEnv,
  optionalEnv,
  parseConfig,
  postgresEnv,
  redisTopologyEnv,
  type SecretKeyring,
  secretKeyringFromEnv,
} from "@ctxlog/core";
import { checkMailEnv, mailEnv } from "@ctxlog/mail";
import { z } from "zod";

export const cliEnvSchema = z.object({
  ...postgresEnv,
  DEFAULT_PLAN: z.string().default("free"),
  /** where the API serves the dashboard: sign-in links point at <PUBLIC_BASE_URL>/dashboard/setup */
  PUBLIC_BASE_URL: optionalEnv(z.url({ protocol: /^https?$/ })),
  /** the API's port, for the default PUBLIC_BASE_URL (http://localhost:PORT) */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** optional: when set, revoke and roll tell running APIs to drop the key from their caches */
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/ })),
  REDIS_PREFIX: z.string().default("ctxlog"),
  /** the apps' Redis Cluster or Sentinel, when they use one (REDIS_URL must be set too) */
  ...redisTopologyEnv,
  /** `secrets` commands only (requireSecretKeyring); checked whenever set */
  SECRETS_ENCRYPTION_KEY: optionalEnv(encryptionKeyEnv),
  SECRETS_ENCRYPTION_KEY_ID: optionalEnv(encryptionKeyIdEnv),
  SECRETS_ENCRYPTION_OLD_KEYS: oldEncryptionKeysEnv,
  /** `accounts create` and `accounts link` mail their link through SMTP_URL (From MAIL_FROM) */
  ...mailEnv,
  /** without SMTP_URL, links are printed: labelled the development fallback when this is set */
  CTXLOG_DEV_MODE: envFlag,
});
const checkedCliEnvSchema = cliEnvSchema
  .superRefine(checkSecretsEncryptionEnv)
  .superRefine(checkRedisTopology)
  .superRefine(checkMailEnv);

export type CliEnv = z.infer<typeof cliEnvSchema>;

export function parseCliEnv(source: NodeJS.ProcessEnv): CliEnv {
  try {
    return parseConfig(checkedCliEnvSchema, source, "the CLI");
  } catch (err) {
    throw err instanceof ConfigError ? new UsageError(err.message) : err;
  }
}

/** The keyring of `ctxlog secrets`: the same variables as the API's and the webhook worker's. */
export function requireSecretKeyring(env: CliEnv): SecretKeyring {
  const { SECRETS_ENCRYPTION_KEY: key, SECRETS_ENCRYPTION_KEY_ID: keyId } = env;
  if (!key || !keyId) {
    throw new UsageError(
      "SECRETS_ENCRYPTION_KEY and SECRETS_ENCRYPTION_KEY_ID must be set for `ctxlog secrets`: the values the API and the webhook worker run with",
    );
  }
  return secretKeyringFromEnv({ ...env, SECRETS_ENCRYPTION_KEY: key, SECRETS_ENCRYPTION_KEY_ID: keyId });
}

/** A mistake of the person at the keyboard: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A command that could not finish for a reason it explains (e.g. the mail server refused): exit 1, no stack. */
export class CommandFailed extends Error {
  override readonly name = "CommandFailed";
}

/**
 * node:util parseArgs' errors (ERR_PARSE_ARGS_*: an unknown or malformed option) as a UsageError
 * followed by the command's usage; anything else unchanged. Checked by code, not instanceof: jest
 * runs tests in another realm, where instanceof TypeError is false.
 */
export function asUsageError(err: unknown, usage: string): unknown {
  const parseError = err as { code?: unknown; message?: string } | null;
  if (typeof parseError?.code === "string" && parseError.code.startsWith("ERR_PARSE_ARGS")) {
    return new UsageError(`${parseError.message}\n${usage}`);
  }
  return err;
}

/** PUBLIC_BASE_URL, else the API's default address on this machine. */
export function publicBaseUrl(env: Pick<CliEnv, "PUBLIC_BASE_URL" | "PORT">): string {
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
