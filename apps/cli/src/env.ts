import { ConfigError, optionalEnv, parseConfig, pgTimeoutsEnv } from "@ctxlog/core";
import { z } from "zod";

export const cliEnvSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  ...pgTimeoutsEnv,
  DEFAULT_PLAN: z.string().default("free"),
  /** optional: when set, revoke and roll tell running APIs to drop the key from their caches */
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/ })),
  REDIS_PREFIX: z.string().default("ctxlog"),
});

export type CliEnv = z.infer<typeof cliEnvSchema>;

export function parseCliEnv(source: NodeJS.ProcessEnv): CliEnv {
  try {
    return parseConfig(cliEnvSchema, source, "the CLI");
  } catch (err) {
    throw err instanceof ConfigError ? new UsageError(err.message) : err;
  }
}

/** A mistake of the person at the keyboard: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
