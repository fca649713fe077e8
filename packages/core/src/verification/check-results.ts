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
