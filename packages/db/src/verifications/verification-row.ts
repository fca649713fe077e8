import { hexOf, hexOrNull } from "../hex-columns";
import type { IVerificationOfResult } from "./verifications.queries";

/** A stored verification (the verifications table), as the API shows it (verificationResource). */
export interface Verification {
  id: string;
  userId: string;
  apiKeyId: string;
  contextId: string | null;
  transactionHash: string | null;
  verified: boolean;
  agentId: string;
  contextHash: string;
  signatureValid: boolean;
  hashMatches: boolean;
  blockNumber: bigint | null;
  confirmations: number;
  verificationTimeMs: number;
  /** [{name, ok, reason?, unavailable?}] in the order they ran */
  checks: unknown;
  createdAt: Date;
}

/**
 * A verifications row as a Verification: the hashes arrive as their bytes (0x-hex here), block_number
 * as an exact decimal string.
 */
export function verificationOfRow(row: IVerificationOfResult): Verification {
  return {
    id: row.id,
    userId: row.user_id,
    apiKeyId: row.api_key_id,
    contextId: row.context_id,
    transactionHash: hexOrNull(row.transaction_hash),
    verified: row.verified,
    agentId: row.agent_id,
    contextHash: hexOf(row.context_hash),
    signatureValid: row.signature_valid,
    hashMatches: row.hash_matches,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    confirmations: row.confirmations,
    verificationTimeMs: row.verification_time_ms,
    checks: row.checks,
    createdAt: row.created_at,
  };
}
