import { z } from "zod";

export const cliEnvSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  DEFAULT_PLAN: z.string().default("free"),
  /** optional: when set, revoke and roll tell running APIs to drop the key from their caches */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z.string().default("ctxlog"),
});

export type CliEnv = z.infer<typeof cliEnvSchema>;

export function parseCliEnv(source: NodeJS.ProcessEnv): CliEnv {
  const result = cliEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new UsageError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** A mistake of the person at the keyboard: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
