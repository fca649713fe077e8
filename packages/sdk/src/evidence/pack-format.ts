// Evidence pack format 2 (docs/evidence.md; format 1, without tree-head anchors, still verifies):
// the files of the zip and the shapes of the JSON ones.
// Entry lines are the export's lines (proof bundles), receipts and signers are the API's own
// shapes: a pack adds files around them, never second forms of them.
import type { Hex } from "viem";
import type { ContextReceipt } from "../chain-entry";
import type { Signer } from "../types";

/** The format packs are written in: 2 may hold anchors of the transparency log's tree head. */
export const PACK_FORMAT = "ctxlog-evidence/2";
/** The formats a verifier reads: 1 is 2 without tree-head anchors (no pack of 1 holds one). */
export const PACK_FORMATS = ["ctxlog-evidence/1", PACK_FORMAT] as const;

export const MANIFEST_FILE = "manifest.json";
/** Every file of a pack besides the manifest, in the order the manifest lists and the verifier hashes them. */
export const PACK_FILES = [
  "entries.ndjson",
  "anchors.json",
  "signers.json",
  "completeness.json",
  "erasures.ndjson",
  "activity.json",
  "policy.json",
  "report.html",
] as const;
export type PackFile = (typeof PACK_FILES)[number];

/** manifest.json. `signature` signs every other field (see manifestTypedData). */
export interface PackManifest {
  format: (typeof PACK_FORMATS)[number];
  user_id: string;
  agent_id: string;
  /** the requested period: entries received in [from, to) */
  range: { from: string; to: string };
  /** the first and last sequence in entries.ndjson; null for a period without entries */
  sequence_range: { first: number; last: number } | null;
  counts: { entries: number; erased: number; anchors: number; erasures: number };
  /** every other file: its SHA-256 (lowercase hex, no 0x) and size in bytes */
  files: Record<PackFile, { sha256: string; bytes: number }>;
  created_at: string;
  /** who asked for the pack: "key:<id>" or "account:<id>", as erasures name who erased */
  created_by: string;
  /** the attestation key that signed this manifest */
  signer: Hex;
  signature: Hex;
}

/** One line of erasures.ndjson: the erasure of one entry of the range. */
export interface ErasureRecord {
  context_id: string;
  sequence: number;
  context_hash: Hex;
  /** equals the entry's data_erased_at */
  erased_at: string;
  /** "key:<id>", "account:<id>" or "retention" (the row's data_erased_by) */
  erased_by: string;
  reason: string | null;
}

/** An Ethereum JSON-RPC object, exactly as the node answered it (quantities as 0x-hex). */
export type RpcObject = Record<string, unknown>;

/** One anchoring transaction with what proves it offline. */
export interface AnchorRecord {
  transaction_hash: Hex;
  block_number: number;
  /** eth_getTransactionByHash */
  transaction: RpcObject;
  /** eth_getBlockByNumber(block_number, false): the header (transactions as hashes) */
  block: RpcObject;
  /** eth_getBlockReceipts(block_number): every receipt of the block, in order */
  receipts: RpcObject[];
  /** eth_getBlockByNumber(false) of block_number + 1 … block_number + required_confirmations − 1 */
  headers: RpcObject[];
  /**
   * Format 2, an anchor of the transparency log's tree head: the checkpoint the log signed for the
   * anchored size (with its witnesses' cosignature lines), its origin and the log's verifier key.
   * Absent for an anchor of a batch's own tree.
   */
  tree_head?: TreeHeadRecord;
}

/** anchors.json's record of a tree head: what `anchor(root, count)` anchored, signed by the log. */
export interface TreeHeadRecord {
  tree_size: number;
  origin: string;
  /** the log's note verifier key (C2SP signed-note: name+key ID+base64(0x01 ‖ Ed25519 public key)) */
  verifier_key: string;
  /** the signed note: checkpoint body, the log's signature line, then any cosignature lines */
  checkpoint: string;
}

/** anchors.json */
export interface AnchorsFile {
  chain_id: number;
  network: string;
  registry_address: Hex;
  required_confirmations: number;
  anchors: AnchorRecord[];
}

/** signers.json: GET /v1/signers' items whose period meets the range. */
export interface SignersFile {
  signers: Signer[];
}

/** completeness.json */
export interface CompletenessFile {
  first_sequence: number | null;
  last_sequence: number | null;
  /** the receipt of the entry before the range (first_sequence − 1); null when the range starts the log */
  before: ContextReceipt | null;
  /** the receipt of the entry after the range (last_sequence + 1); null when the range ends at the head */
  after: ContextReceipt | null;
  /** the log's head when the pack was made */
  head: { sequence: number; entry_hash: Hex };
}

/** One day (UTC) of activity.json, recomputed by the verifier from the entries' received_at. */
export interface ActivityDay {
  date: string;
  entries: number;
  erased: number;
  first_received_at: string;
  last_received_at: string;
}

/** activity.json */
export interface ActivityFile {
  days: ActivityDay[];
}

/** policy.json: informative (signed through the manifest, not recomputable). */
export interface PolicyFile {
  retention: { data_retention_days: number | null; data_min_retention_days: number };
  legal_holds: { placed_at: string; placed_by: string; reason: string | null; released_at: string | null }[];
}
