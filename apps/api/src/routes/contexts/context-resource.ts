import type { Context } from "@ctxlog/db";
import type { ContextResource } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const int = (n: bigint | null) => (n === null ? null : Number(n));

/** The public shape of a context row. */
export function contextResource(row: Context): ContextResource {
  return {
    context_id: row.id,
    agent_id: row.agentId,
    status: row.status,
    visibility: row.visibility,
    context_hash: row.contextHash,
    signature: row.signature,
    signer_address: row.signerAddress,
    transaction_hash: row.transactionHash,
    network: row.network,
    confirmations: row.confirmations,
    block_number: int(row.blockNumber),
    block_timestamp: iso(row.blockTimestamp),
    gas_used: int(row.gasUsed),
    confirmation_time_seconds: row.confirmationTimeSeconds,
    created_at: row.createdAt.toISOString(),
    estimated_confirmation: row.estimatedConfirmation.toISOString(),
    context_data: row.contextData as Record<string, unknown>,
    metadata: row.metadata as Record<string, unknown>,
    error: row.errorCode
      ? { code: row.errorCode, message: row.errorMessage ?? "", details: row.errorDetails }
      : null,
    retry_possible: row.retryPossible,
    failure_reason: row.failureReason,
  };
}
