import { parseArgs } from "node:util";
import { UsageError } from "../env";

/** A user id: 1–64 letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** `--user`: the user whose keys or accounts a command is about. */
export function userIdFlag(raw: string | undefined): string {
  if (!raw) throw new UsageError("--user is required");
  if (!USER_ID.test(raw)) throw new UsageError("--user must be 1–64 letters, digits, . _ -");
  return raw;
}

/** The flags of a `list` subcommand: `--user` (whose rows) and `--json`. */
export function listFlags(args: string[]): { userId: string; json: boolean } {
  const { values } = parseArgs({
    args,
    options: { user: { type: "string" }, json: { type: "boolean", default: false } },
    strict: true,
  });
  return { userId: userIdFlag(values.user), json: values.json };
}
