import type { CheckResult } from "./offline-checks";

/**
 * A verification's verdict, the same three values as the API's `verdict` (the server's rule is
 * @ctxlog/core's verificationVerdict; test-vectors/bundles.json pins both to it):
 * - `verified`: every check ran and passed;
 * - `verified_data_unavailable`: every check that ran passed, and the data checks could not run (the
 *   bundle's data was erased and none was supplied): what was logged is proven, without the data;
 * - `failed`: a check that ran failed.
 */
export type VerificationVerdict = "verified" | "verified_data_unavailable" | "failed";

/** A check's outcome: one that could not run is `not_run`, never `failed`. */
export type CheckStatus = "passed" | "failed" | "not_run";

export function checkStatus(check: Pick<CheckResult, "ok" | "unavailable">): CheckStatus {
  if (check.unavailable === true) return "not_run";
  return check.ok ? "passed" : "failed";
}

export function verdictOf(checks: readonly Pick<CheckResult, "ok" | "unavailable">[]): VerificationVerdict {
  const statuses = checks.map(checkStatus);
  if (statuses.length === 0 || statuses.includes("failed")) return "failed";
  return statuses.includes("not_run") ? "verified_data_unavailable" : "verified";
}
