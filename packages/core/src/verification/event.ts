import type { VerificationCompletedData } from "../webhooks/event-schemas";
import type { VerificationCheck } from "./types";
import { verificationVerdict } from "./verdict";

export type { VerificationCompletedData };

/** What the verification.completed builder needs from a stored verification. */
export interface VerificationView {
  id: string;
  transactionHash: string | null;
  verified: boolean;
  agentId: string;
  contextHash: string;
  signatureValid: boolean;
  hashMatches: boolean;
  blockNumber: bigint | null;
  confirmations: number;
  verificationTimeMs: number;
  /** each check's outcome, for the verdict (a check that could not run is not a failure) */
  checks: readonly Pick<VerificationCheck, "ok" | "unavailable">[];
}

/**
 * The spec's data fields of `verification.completed`, in its order, then the verdict (three values,
 * DESIGN.md principle 9): the spec's `verified` is true for an erased context too, and the verdict
 * tells a receiver which.
 */
export function verificationCompletedData(v: VerificationView): VerificationCompletedData {
  return {
    verification_id: v.id,
    transaction_hash: v.transactionHash,
    verified: v.verified,
    agent_id: v.agentId,
    context_hash: v.contextHash,
    signature_valid: v.signatureValid,
    hash_matches: v.hashMatches,
    block_number: v.blockNumber === null ? null : Number(v.blockNumber),
    confirmations: v.confirmations,
    verification_time_ms: v.verificationTimeMs,
    verdict: verificationVerdict(v.checks),
  };
}
