import type { PublishedSigner } from "./signers";
import type { VerificationVerdict } from "./verdict";

/**
 * Names of the checks, in the order they run, of a context anchored in a batch's own tree (or in
 * none yet): one link of the chain of evidence each. A tree head's add the log's
 * (TREE_HEAD_CHECK_NAMES).
 */
export const VERIFICATION_CHECK_NAMES = [
  /** the RFC 8785 form of the data equals the stored canonical_json */
  "canonical_context",
  /** keccak256 of that form equals the stored context_hash */
  "hash_matches",
  /**
   * the stored signature (EIP-712 over the context's Receipt; EIP-191 over context_hash before)
   * recovers a signer published for the context's created_at
   */
  "signature_valid",
  /**
   * the stored Merkle proof folds the leaf into the anchored root: the batch tree's sorted-pair
   * keccak256 path (leaf entry_hash, or context_hash before chaining), or, for a tree head, the RFC
   * 6962 inclusion proof of entry_hash at its log index in the tree of the anchored size
   */
  "merkle_proof",
  /** the transaction has a receipt on this chain: success, sent to the registry */
  "transaction",
  /** the receipt carries the registry's Anchored log for that root (for a tree head: with its size as count) */
  "anchored_log",
  /** that log's submitter (the transaction's sender) is one of the service's published signers */
  "anchor_submitter",
  /** the transaction's block is on the canonical chain (not reorged away) */
  "block",
  /** the block has the required number of confirmations */
  "confirmations",
] as const;

/**
 * The checks of a context anchored by the transparency log's tree head (`anchor(root, tree size)`,
 * issue 43), in the order they run: the log's three after merkle_proof (an RFC 6962 inclusion proof
 * there), as a version 4 proof bundle's are named and ordered by the SDK (V4_CHECK_NAMES) and the
 * Python client. A context anchored in a batch's own tree (or in none yet) runs
 * VERIFICATION_CHECK_NAMES. Every name a verification may carry is in this list.
 */
export const TREE_HEAD_CHECK_NAMES = [
  ...VERIFICATION_CHECK_NAMES.slice(0, 4),
  /** the log's checkpoint at the anchored tree size opens with its published key (signature, origin, size) */
  "checkpoint_signature",
  /** the witness policy the chain worker recorded is met by the checkpoint's cosignatures */
  "witness_cosignatures",
  /** the checkpoint's root is the root anchored on chain: one log */
  "log_consistency",
  ...VERIFICATION_CHECK_NAMES.slice(4),
] as const;
export type VerificationCheckName = (typeof TREE_HEAD_CHECK_NAMES)[number];

/** One named check; `reason` says why it failed, or what it established when it passed. */
export interface VerificationCheck {
  name: VerificationCheckName;
  ok: boolean;
  reason: string;
  /**
   * true: the check could not run, and did not fail: the context's data was erased and nobody
   * supplied it (canonical_context, hash_matches). `ok` is then false; its status is `not_run`
   * (checkStatus in verdict.ts).
   */
  unavailable?: true;
}

/** The data being verified: supplied by a caller, or read from the stored context. */
export interface VerificationData {
  agent_id: string;
  context_data: unknown;
  metadata?: unknown;
}

/** What the service stored when it logged the context, and the batch it was anchored in. */
export interface StoredEvidence {
  contextId: string;
  contextHash: string;
  /** null once the context's data was erased (dataErasedAt): context_hash stays */
  canonicalJson: string | null;
  dataErasedAt?: Date | null;
  signature: string;
  /**
   * "EIP-712": `signature` is the Receipt's (link's fields and createdAt); "EIP-191" (or absent):
   * personal_sign over context_hash, as contexts were signed before
   */
  signatureScheme?: "EIP-191" | "EIP-712";
  signerAddress: string;
  createdAt: Date;
  status: string;
  merkleProof: readonly string[];
  /**
   * The context's leaf in its anchor's tree: its log index when the anchor is the log's tree head
   * (the RFC 6962 proof needs it). Null or absent until it is confirmed; unused for a batch's tree.
   */
  leafIndex?: number | null;
  /**
   * The context's place in its agent's log (proof bundle version 2): its Merkle leaf is then the
   * entry hash of these fields. Absent or null for contexts logged before logs were chained.
   */
  link?: {
    userId: string;
    agentId: string;
    sequence: number;
    prevEntryHash: string;
    entryHash: string;
  } | null;
  /** null until the context is in a batch */
  anchor: {
    merkleRoot: string;
    chainId: number;
    registryAddress: string;
    /** the block it was mined in, as recorded (null until mined) */
    blockNumber: bigint | null;
    blockHash: string | null;
    /**
     * The log's tree size when the anchor is its tree head (`anchor(root, treeSize)`, merkleRoot the
     * checkpoint's root); null or absent: a batch's own sorted-pair keccak256 tree.
     */
    treeSize?: number | null;
  } | null;
  /**
   * What the log signed at the anchor's tree size, read by the caller (the checks do no I/O): only
   * for a tree-head anchor; null when the log holds no checkpoint at that size signed by one of its
   * published keys.
   */
  log?: AnchoredLogEvidence | null;
}

/** The log's checkpoint at an anchored tree size, as stored, with what it is checked against. */
export interface AnchoredLogEvidence {
  /** the log's origin (the checkpoint's first line) */
  origin: string;
  /** the published log key whose signature the checkpoint carries (C2SP signed-note verifier key) */
  verifierKey: string;
  /** the signed note, with every cosignature its witnesses gave it */
  checkpoint: string;
  /** the witness policy the chain worker recorded: k of these witnesses' verifier keys */
  witnessPolicy: { threshold: number; witnesses: readonly string[] };
}

/** An `Anchored(root, count, submitter)` log of a receipt, with the contract that emitted it. */
export interface AnchoredRoot {
  registry: string;
  root: string;
  count: number;
  submitter: string;
}

/** What the chain says, read through RPC just before the checks run. */
export interface ChainObservation {
  chainId: number;
  head: bigint;
  /** null: the node has no receipt for the transaction (unknown, dropped, not mined, reorged away) */
  receipt: {
    status: "success" | "reverted";
    to: string | null;
    blockNumber: bigint;
    blockHash: string;
    anchored: readonly AnchoredRoot[];
  } | null;
  /** hash of the canonical block at receipt.blockNumber (null: no receipt, or no such block) */
  receiptBlockHash: string | null;
  /** hash of the canonical block at the stored anchor's recorded block number, when there is one */
  recordedBlockHash: string | null;
}

export interface VerificationInput {
  /** null: no data to check (the stored context's was erased, and none was supplied) */
  data: VerificationData | null;
  /** null: nothing the caller may see matches; `missingReason` says what was looked for */
  stored: StoredEvidence | null;
  missingReason?: string;
  /** the transaction checked; null when the context has none yet */
  transactionHash: string | null;
  /** registries whose Anchored logs count: the configured one and the stored anchor's */
  registries: readonly string[];
  /** the published signers: the context's signature and the Anchored log's submitter are checked against them */
  signers: readonly PublishedSigner[];
  chain: ChainObservation;
  requiredConfirmations: number;
}

export interface VerificationOutcome {
  /** verified · verified_data_unavailable (the data checks could not run) · failed (verdict.ts) */
  verdict: VerificationVerdict;
  /** the spec's boolean: true for both verified verdicts */
  verified: boolean;
  /** the data checks did not run: the stored data was erased and none was supplied */
  dataErased: boolean;
  checks: VerificationCheck[];
  /** the hash of the data as supplied or stored (recomputed); the stored one when it cannot be */
  contextHash: string;
  hashMatches: boolean;
  signatureValid: boolean;
  blockNumber: bigint | null;
  confirmations: number;
}
