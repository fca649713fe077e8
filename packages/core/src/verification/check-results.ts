import { isTlogError } from "@ctxlog/tlog";
import type { VerificationCheck, VerificationCheckName } from "./types";

// The shapes every check's outcome takes, shared by the data checks (checks.ts) and the chain's
// (chain-link-checks.ts).
export const lower = (s: string) => s.toLowerCase();
export const pass = (name: VerificationCheckName, reason: string): VerificationCheck => ({
  name,
  ok: true,
  reason,
});
export const fail = (name: VerificationCheckName, reason: string): VerificationCheck => ({
  name,
  ok: false,
  reason,
});
export const sameHash = (a: string | null, b: string) => a !== null && lower(a) === lower(b);

/** An error in a check's reason: the log format's reason with its details, viem's short message, or its message. */
export function errorText(error: unknown): string {
  if (isTlogError(error))
    return error.details ? `${error.shortMessage} (${error.details})` : error.shortMessage;
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  if (typeof short === "string") return short;
  return error instanceof Error ? error.message : String(error);
}
