import type { VerificationCheck } from "./types";

/**
 * A verification's verdict has three values (DESIGN.md, principle 9), the same in the API, the
 * webhook-free readers, the SDK, the Python client, both CLIs and the console:
 * - `verified`: every check ran and passed;
 * - `verified_data_unavailable`: every check that ran passed, and the data checks could not run
 *   (the context's data was erased and nobody supplied it): what was logged is still proven, the
 *   data itself cannot be shown to match;
 * - `failed`: a check that ran failed.
 */
export const VERIFICATION_VERDICTS = ["verified", "verified_data_unavailable", "failed"] as const;
export type VerificationVerdict = (typeof VERIFICATION_VERDICTS)[number];

/** A check's outcome: one that could not run is `not_run`, never `failed`. */
export const CHECK_STATUSES = ["passed", "failed", "not_run"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

type CheckOutcome = Pick<VerificationCheck, "ok" | "unavailable">;

export function checkStatus(check: CheckOutcome): CheckStatus {
  if (check.unavailable === true) return "not_run";
  return check.ok ? "passed" : "failed";
}

export function verificationVerdict(checks: readonly CheckOutcome[]): VerificationVerdict {
  const statuses = checks.map(checkStatus);
  if (statuses.length === 0 || statuses.includes("failed")) return "failed";
  return statuses.includes("not_run") ? "verified_data_unavailable" : "verified";
}

/** `verified` (the spec's boolean): true for both verified verdicts. */
export const isVerified = (verdict: VerificationVerdict): boolean => verdict !== "failed";
