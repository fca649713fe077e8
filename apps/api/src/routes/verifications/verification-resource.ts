import type { VerificationCheck } from "@ctxlog/core";
import type { NewVerification, Verification } from "@ctxlog/db";
import type { VerificationResource } from "./schemas";

/** The public shape of a verification: a stored row, or one being stored. */
export function verificationResource(row: Verification | NewVerification): VerificationResource {
  const checks = row.checks as unknown as VerificationCheck[];
  return {
    verification_id: row.id,
    context_id: row.contextId,
    transaction_hash: row.transactionHash,
    verified: row.verified,
    // stored with the checks: the data checks were unavailable (erased, not supplied)
    data_erased: checks.some((c) => c.unavailable === true),
    agent_id: row.agentId,
    context_hash: row.contextHash,
    signature_valid: row.signatureValid,
    hash_matches: row.hashMatches,
    block_number: row.blockNumber === null ? null : Number(row.blockNumber),
    confirmations: row.confirmations,
    verification_time_ms: row.verificationTimeMs,
    checks,
    created_at: row.createdAt.toISOString(),
  };
}
