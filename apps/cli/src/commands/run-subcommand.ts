import { asUsageError, UsageError } from "../env";

/** A subcommand: runs with the arguments after its name. */
export type Subcommand = (args: string[]) => Promise<void>;

/** Errors of the domain that are the operator's to fix: printed as their message, without a stack. */
type OperatorError = abstract new (...args: never[]) => Error;

/**
 * Runs the subcommand `argv[0]` names with the rest of `argv`. An unknown subcommand prints
 * `usage`; a malformed option its parseArgs message followed by `usage`; an error of one of
 * `operatorErrors` its message: all as a UsageError (exit code 2).
 */
export async function runSubcommand(
  argv: string[],
  usage: string,
  subcommands: Record<string, Subcommand>,
  operatorErrors: readonly OperatorError[] = [],
): Promise<void> {
  const [name, ...args] = argv;
  const run = name !== undefined && Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!run) throw new UsageError(usage);
  try {
    await run(args);
  } catch (err) {
    if (operatorErrors.some((type) => err instanceof type)) throw new UsageError((err as Error).message);
    throw asUsageError(err, usage);
  }
}
