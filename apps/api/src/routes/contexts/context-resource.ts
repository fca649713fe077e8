import { confirmationsAt, type ReceiptFields } from "@ctxlog/core";
import type { Context } from "@ctxlog/db";
import type { ContextResource, ReceiptResource } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const int = (n: bigint | null) => (n === null ? null : Number(n));

/** Where a record reads the chain's head from (the API's ConfirmationEstimator). */
export interface ChainHead {
  headBlock(network: string): bigint | null;
}

/**
 * The public shape of a context row. `chain`: its confirmations are counted to the head now (the
 * same depth a verification reads), not frozen at the count it was confirmed with; null for a row
 * that cannot be confirmed yet (just written).
 */
export function contextResource(row: Context, chain: ChainHead | null): ContextResource {
  return {
    context_id: row.id,
    agent_id: row.agentId,
    status: row.status,
    visibility: row.visibility,
    context_hash: row.contextHash,
    signature: row.signature,
    signature_scheme: row.signatureScheme as ContextResource["signature_scheme"],
    signer_address: row.signerAddress,
    transaction_hash: row.transactionHash,
    network: row.network,
    confirmations: confirmationsAt(row.confirmations, row.blockNumber, chain?.headBlock(row.network) ?? null),
    block_number: int(row.blockNumber),
    block_timestamp: iso(row.blockTimestamp),
    gas_used: int(row.gasUsed),
    gas_price_wei: row.gasPriceWei === null ? null : row.gasPriceWei.toString(),
    batch_size: row.batchSize,
    confirmation_time_seconds: row.confirmationTimeSeconds,
    created_at: row.createdAt.toISOString(),
    estimated_confirmation: row.estimatedConfirmation.toISOString(),
    context_data: row.contextData as Record<string, unknown> | null,
    metadata: row.metadata as Record<string, unknown> | null,
    data_erased_at: iso(row.dataErasedAt),
    data_erasure_reason: row.dataErasureReason,
    data_erasure_overrode_retention: row.dataErasureOverrodeRetention,
    error: row.errorCode
      ? { code: row.errorCode, message: row.errorMessage ?? "", details: row.errorDetails }
      : null,
    retry_possible: row.retryPossible,
    failure_reason: row.failureReason,
    sequence: row.sequence,
    prev_entry_hash: row.prevEntryHash,
    entry_hash: row.entryHash,
    log_index: row.logIndex,
  };
}

/** What a context's receipt signs: its hash, its log and place in it, and when it was received. Null for a row outside any log. */
export function receiptFieldsOf(row: Context): ReceiptFields | null {
  if (row.sequence === null || row.prevEntryHash === null) return null;
  return {
    contextHash: row.contextHash,
    userId: row.userId,
    agentId: row.agentId,
    sequence: row.sequence,
    prevEntryHash: row.prevEntryHash,
    receivedAt: row.createdAt,
  };
}

/**
 * The receipt of a freshly written context: its receipt fields and its one signature (the
 * EIP-712 signature insertContexts made of them). Null for a row outside any log.
 */
export function contextReceipt(row: Context): ReceiptResource | null {
  const fields = receiptFieldsOf(row);
  if (!fields) return null;
  return {
    context_hash: fields.contextHash,
    user_id: fields.userId,
    agent_id: fields.agentId,
    sequence: fields.sequence,
    prev_entry_hash: fields.prevEntryHash,
    received_at: fields.receivedAt.toISOString(),
    signer: row.signerAddress,
    signature: row.signature,
  };
}

/** The 202 of POST /v1/contexts: the context and its receipt. */
export function createdContextResource(row: Context): ContextResource & { receipt: ReceiptResource } {
  const receipt = contextReceipt(row);
  if (!receipt) throw new Error(`new context ${row.id} has no place in its log`);
  return { ...contextResource(row, null), receipt };
}
