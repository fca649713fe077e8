import { checkStatus, type VerificationCheck, verificationVerdict } from "@ctxlog/core";
import type { NewVerification, Verification } from "@ctxlog/db";
import type { VerificationResource } from "./schemas";

/** The public shape of a verification: a stored row, or one being stored. */
export function verificationResource(row: Verification | NewVerification): VerificationResource {
  // stored as they ran: {name, ok, reason, unavailable?}; `unavailable` is the not_run status
  const stored = row.checks as unknown as VerificationCheck[];
  const checks = stored.map((c) => ({ name: c.name, status: checkStatus(c), ok: c.ok, reason: c.reason }));
  return {
    verification_id: row.id,
    context_id: row.contextId,
    transaction_hash: row.transactionHash,
    verdict: verificationVerdict(stored),
    verified: row.verified,
    data_erased: stored.some((c) => c.unavailable === true),
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
