import { z } from "zod";

/** `true`/`false`/`1`/`0`, false when unset. */
export const envFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .default(false);

/** An optional variable; set but empty (`RPC_URL=` in a .env file) counts as unset. */
export const optionalEnv = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Parses an app's environment once, at start-up: a bad value stops the process with every
 * problem listed, one line per variable.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv,
  what: string,
): z.infer<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  throw new ConfigError(`Invalid configuration for ${what}:\n${lines.join("\n")}`);
}
