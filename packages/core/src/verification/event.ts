import type { VerificationCompletedData } from "../webhooks/event-schemas";

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
}

/** The spec's data fields of `verification.completed`, exactly and in its order. */
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
  };
}
