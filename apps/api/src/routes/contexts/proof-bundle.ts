import { RECEIPT_DOMAIN } from "@ctxlog/core";
import type { Anchor, Context } from "@ctxlog/db";
import type { ProofBundle, TransparencyLogProof } from "./proof-schema";

/** A proof bundle's anchoring fields, null while the context is in no mined batch. */
type AnchorFields =
  | "leaf_index"
  | "merkle_proof"
  | "merkle_root"
  | "chain_id"
  | "network"
  | "registry_address"
  | "transaction_hash"
  | "block_number"
  | "anchor_address";
export type PartialProofBundle = Omit<ProofBundle, AnchorFields> & {
  [K in AnchorFields]: ProofBundle[K] | null;
};

/**
 * The proof bundle of a context: everything needed to verify it without this service. Version 4
 * (a context anchored by the transparency log's tree head): version 3's fields, its leaf its log
 * index and its proof the RFC 6962 inclusion proof in the anchored tree, with `log` (the signed
 * checkpoint of that tree and the log's key) when the caller read it. Version 3
 * (every context signed since receipts became its one signature): its place in the log, its leaf
 * entry_hash, and every field of its EIP-712 Receipt (received_at, the domain), whose signature is
 * `signature`. Version 2: a chained context signed with EIP-191 over context_hash; version 1: a
 * context from before logs were chained (leaf context_hash). Anchor fields are null while the
 * context is in no mined batch (the audit export shows pending entries this way).
 */
export function proofBundle(
  row: Context,
  anchor: (Anchor & { treeSize?: bigint | null }) | null,
  requiredConfirmations: number,
  log?: TransparencyLogProof,
): PartialProofBundle {
  const chained = row.sequence !== null && row.prevEntryHash !== null && row.entryHash !== null;
  // a batch's transaction and block are the anchor's (the context's own copies are set once it
  // is confirmed): an export shows a pending entry of a mined batch with them, for the audit to
  // measure its depth on the chain
  const mined =
    anchor !== null &&
    anchor.transactionHash !== null &&
    anchor.blockNumber !== null &&
    row.leafIndex !== null;
  const eip712 = chained && row.signatureScheme === "EIP-712";
  const treeHead = mined && anchor.treeSize !== null && anchor.treeSize !== undefined;
  return {
    version: treeHead ? 4 : eip712 ? 3 : chained ? 2 : 1,
    context_id: row.id,
    user_id: row.userId,
    sequence: row.sequence,
    prev_entry_hash: row.prevEntryHash,
    entry_hash: row.entryHash,
    context: {
      agent_id: row.agentId,
      context_data: row.contextData as Record<string, unknown> | null,
      metadata: row.metadata as Record<string, unknown> | null,
    },
    canonical_context: row.canonicalJson,
    ...(row.dataErasedAt
      ? { data_erased_at: row.dataErasedAt.toISOString(), data_erasure_reason: row.dataErasureReason }
      : {}),
    canonicalization: "RFC8785",
    hash_algorithm: "keccak256",
    context_hash: row.contextHash,
    signature: row.signature,
    signature_scheme: eip712 ? "EIP-712" : "EIP-191",
    ...(eip712 ? { received_at: row.createdAt.toISOString(), eip712_domain: { ...RECEIPT_DOMAIN } } : {}),
    signer_address: row.signerAddress,
    merkle_algorithm: treeHead ? "RFC6962-SHA256" : "sorted-pair-keccak256",
    leaf_index: mined ? row.leafIndex : null,
    merkle_proof: mined ? row.merkleProof : null,
    merkle_root: mined ? anchor.merkleRoot : null,
    chain_id: mined ? anchor.chainId : null,
    network: mined ? anchor.network : null,
    registry_address: mined ? anchor.registryAddress : null,
    transaction_hash: mined ? anchor.transactionHash : null,
    block_number: mined ? Number(anchor.blockNumber) : null,
    anchor_address: mined ? anchor.signerAddress : null,
    required_confirmations: requiredConfirmations,
    ...(treeHead && log ? { log } : {}),
  };
}
