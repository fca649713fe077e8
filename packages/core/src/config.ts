import { z } from "zod";
import { DEVELOPMENT_MODE_VARIABLE, developmentKeyProblems } from "./development-keys";

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
 * problem listed, one line per variable. A well-known development key in any `*_KEY` variable the
 * schema reads is one of those problems unless CTXLOG_DEV_MODE=true (see development-keys.ts).
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv,
  what: string,
): z.infer<S> {
  const result = schema.safeParse(source);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".") || "(env)"}: ${i.message}`)),
    ...developmentModeProblems(schema, source),
  ];
  if (result.success && problems.length === 0) return result.data;
  const lines = problems.map((line) => `  ${line}`);
  throw new ConfigError(`Invalid configuration for ${what}:\n${lines.join("\n")}`);
}

function developmentModeProblems(schema: z.ZodType, source: NodeJS.ProcessEnv): string[] {
  const flag = source[DEVELOPMENT_MODE_VARIABLE];
  if (flag !== undefined && flag !== "" && !["true", "false", "1", "0"].includes(flag)) {
    return [`${DEVELOPMENT_MODE_VARIABLE}: expected true, false, 1 or 0`];
  }
  // The variables the app reads (an object schema's keys); any other schema: every variable set.
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : Object.keys(source);
  return developmentKeyProblems(source, names);
}
