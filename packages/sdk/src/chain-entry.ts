// Agent logs: the entry hash (the Merkle leaf of a version 2 bundle) and receipts, both EIP-712,
// recomputed with viem alone. The service's encoding is documented in the README beside context_hash.
import { type Hex, hashStruct, hashTypedData } from "viem";
import { recoverDigestSigner } from "./audit/fast-recover";

export const ZERO_ENTRY_HASH = `0x${"0".repeat(64)}` as Hex;

const LOG_ENTRY_FIELDS = [
  { name: "contextHash", type: "bytes32" },
  { name: "userId", type: "string" },
  { name: "agentId", type: "string" },
  { name: "sequence", type: "uint64" },
  { name: "prevEntryHash", type: "bytes32" },
] as const;

/** A receipt signs the fields of its log entry, and when the service received the context. */
export const LOG_TYPES = {
  LogEntry: LOG_ENTRY_FIELDS,
  Receipt: [...LOG_ENTRY_FIELDS, { name: "receivedAt", type: "uint64" }],
} as const;

export const RECEIPT_DOMAIN = { name: "ctxlog", version: "1" } as const;

/** The receipt of POST /v1/contexts: what the attestation key signed, who signed and the signature. */
export interface ContextReceipt {
  context_hash: Hex;
  user_id: string;
  agent_id: string;
  sequence: number;
  prev_entry_hash: Hex;
  received_at: string;
  signer: Hex;
  signature: Hex;
}

/** EIP-712 hashStruct(LogEntry): the leaf a version 2 bundle's Merkle proof starts from. */
export function computeEntryHash(entry: {
  context_hash: string;
  user_id: string;
  agent_id: string;
  sequence: number;
  prev_entry_hash: string;
}): Hex {
  return hashStruct({
    types: LOG_TYPES,
    primaryType: "LogEntry",
    data: {
      contextHash: entry.context_hash as Hex,
      userId: entry.user_id,
      agentId: entry.agent_id,
      sequence: BigInt(entry.sequence),
      prevEntryHash: entry.prev_entry_hash as Hex,
    },
  });
}

/**
 * Checks a receipt offline: its signature recovers `receipt.signer` (and, given `trustedSigners`,
 * one of them). Returns the problem, or null when the receipt is genuine.
 */
export async function verifyReceipt(
  receipt: ContextReceipt,
  trustedSigners?: readonly string[],
): Promise<string | null> {
  let recovered: string;
  try {
    const digest = hashTypedData({
      domain: RECEIPT_DOMAIN,
      types: { Receipt: LOG_TYPES.Receipt },
      primaryType: "Receipt",
      message: {
        contextHash: receipt.context_hash,
        userId: receipt.user_id,
        agentId: receipt.agent_id,
        sequence: BigInt(receipt.sequence),
        prevEntryHash: receipt.prev_entry_hash,
        receivedAt: BigInt(Date.parse(receipt.received_at)),
      },
    });
    recovered = await recoverDigestSigner(digest, receipt.signature);
  } catch (error) {
    return `the receipt's signature does not recover: ${(error as Error).message.split("\n")[0]}`;
  }
  if (recovered.toLowerCase() !== receipt.signer.toLowerCase()) {
    return `the receipt's signature recovers ${recovered}, not its signer ${receipt.signer}`;
  }
  if (trustedSigners && !trustedSigners.some((s) => s.toLowerCase() === recovered.toLowerCase())) {
    return `the receipt's signer ${recovered} is not a trusted attestation key`;
  }
  return null;
}
