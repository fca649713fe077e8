// The checks of one log entry that need nothing but the entry: its shape, hashes and signature.
import type { Hex } from "viem";
import { recoverBundleSigner } from "../bundle-signature";
import { canonicalize } from "../canonical";
import { computeEntryHash } from "../chain-entry";
import { erasedAt } from "../erased-bundle";
import { keccak256Utf8 } from "../keccak";
import { processMerkleProof } from "../merkle";
import { fieldProblems } from "../proof-bundle";
import type { ProofBundle } from "../types";
import { type EntryLog, entryLogProblem, logProofProblem } from "./log-proof";

/**
 * An export line: a proof bundle (version 2 for entries signed before receipts were their
 * signature, 3, or 4 for entries anchored by the transparency log's tree head: `log`, its leaf at
 * its log index), anchor fields null while unanchored, and its status.
 */
export type AuditEntry = Omit<ProofBundle, "version" | "merkle_algorithm" | "log"> & {
  version: 2 | 3 | 4;
  merkle_algorithm?: string;
  log?: EntryLog;
  user_id: string;
  sequence: number;
  prev_entry_hash: Hex;
  entry_hash: Hex;
  status: "pending" | "confirmed" | "failed";
};

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const lower = (s: string) => s.toLowerCase();

/** Why a line cannot be an entry of a log, or null. */
export function entryShapeProblem(line: unknown): string | null {
  const problems = fieldProblems(line, [
    "context_id",
    "context",
    "canonical_context",
    "context_hash",
    "signature",
    "signer_address",
  ]);
  if (problems.length > 0) return problems.join("; ");
  const e = line as Partial<AuditEntry>;
  if (e.version !== 2 && e.version !== 3 && e.version !== 4)
    return `version is ${JSON.stringify(e.version)}, not 2, 3 or 4 (an entry of an agent log)`;
  if (typeof e.user_id !== "string") return "user_id must be a string";
  if (!Number.isSafeInteger(e.sequence) || (e.sequence as number) < 1)
    return "sequence must be an integer ≥ 1";
  if (!HASH32.test(String(e.prev_entry_hash))) return "prev_entry_hash must be 32-byte 0x-hex";
  if (!HASH32.test(String(e.entry_hash))) return "entry_hash must be 32-byte 0x-hex";
  // version 4 is anchored by the log's tree head: its log fields are part of its shape
  if (e.version === 4) return entryLogProblem(e as AuditEntry);
  return null;
}

/** Whether the entry's content is what its hashes say: canonical form, context_hash, entry_hash. */
export function contentProblem(e: AuditEntry): string | null {
  // erased: no data to hold to context_hash; the entry hash still binds context_hash into the log
  if (erasedAt(e) !== null) return entryHashProblem(e);
  let canonical: string;
  try {
    canonical = canonicalize({
      agent_id: e.context.agent_id,
      context_data: e.context.context_data,
      metadata: e.context.metadata ?? {},
    });
  } catch (error) {
    return `its context cannot be canonicalized: ${(error as Error).message}`;
  }
  if (canonical !== e.canonical_context) return "its context is not its canonical_context";
  const contextHash = keccak256Utf8(canonical);
  if (contextHash !== lower(e.context_hash))
    return `its content hashes to ${contextHash}, not ${e.context_hash}`;
  return entryHashProblem(e);
}

function entryHashProblem(e: AuditEntry): string | null {
  const entryHash = computeEntryHash({
    context_hash: e.context_hash,
    user_id: e.user_id,
    agent_id: e.context.agent_id,
    sequence: e.sequence,
    prev_entry_hash: e.prev_entry_hash,
  });
  if (entryHash !== lower(e.entry_hash))
    return `its fields hash to ${entryHash}, not its entry_hash ${e.entry_hash}`;
  return null;
}

/**
 * Whether the entry's one signature (versions 3 and 4: its receipt's, EIP-712; version 2: EIP-191
 * over context_hash) is by signer_address (and a trusted key).
 */
export async function signatureProblem(e: AuditEntry, trusted?: readonly string[]): Promise<string | null> {
  let recovered: string;
  try {
    recovered = await recoverBundleSigner(e as unknown as ProofBundle);
  } catch (error) {
    return `its signature does not recover: ${(error as Error).message.split("\n")[0]}`;
  }
  if (lower(recovered) !== lower(e.signer_address))
    return `its signature recovers ${recovered}, not ${e.signer_address}`;
  if (trusted && !trusted.some((t) => lower(t) === lower(recovered))) {
    return `its signer ${recovered} is not a trusted attestation key`;
  }
  return null;
}

/**
 * The Merkle nodes known to fold into a root, for the last few roots seen: entries come in
 * sequence order and each batch is a run of consecutive entries, so these are the batches in
 * progress, and memory stays that of a batch or two whatever the log's length.
 */
export class ProvenNodes {
  private readonly byRoot = new Map<string, Set<string>>();

  constructor(private readonly roots = 4) {}

  /** The nodes proven to fold into `root` (lower-case hex), to read and to add to. */
  of(root: string): Set<string> {
    let nodes = this.byRoot.get(root);
    if (!nodes) {
      const oldest = this.byRoot.keys().next();
      if (this.byRoot.size >= this.roots && !oldest.done) this.byRoot.delete(oldest.value);
      nodes = new Set();
      this.byRoot.set(root, nodes);
    }
    return nodes;
  }
}

/**
 * Whether the Merkle proof folds entry_hash into merkle_root (version 4: log-proof.ts). Entries of one batch share most of
 * their paths: `proven` holds the nodes known to fold into each root (each node of a checked path,
 * and each sibling along it, since hashing it with that node gives the same parent), so each
 * entry hashes only the part of its path no earlier entry covered: about one pair in two entries.
 */
export function proofProblem(e: AuditEntry, proven?: ProvenNodes): string | null {
  if (e.version === 4) return logProofProblem(e);
  if (
    !Array.isArray(e.merkle_proof) ||
    !e.merkle_proof.every((p) => HASH32.test(p)) ||
    !HASH32.test(String(e.merkle_root))
  ) {
    return "its Merkle proof or root is malformed";
  }
  const root = lower(e.merkle_root);
  const known = proven?.of(root);
  let node = lower(e.entry_hash) as Hex;
  const path: string[] = [];
  for (const sibling of e.merkle_proof) {
    if (known?.has(node)) break;
    path.push(node, lower(sibling));
    node = processMerkleProof(node, [sibling]);
  }
  if (node !== root && !known?.has(node))
    return `its Merkle proof reaches ${node}, not merkle_root ${e.merkle_root}`;
  if (known) {
    // a tree of BATCH_MAX (at most 10,000) leaves has fewer than 20,000 nodes: more is no tree
    if (known.size > 50_000) known.clear();
    for (const n of path) known.add(n);
  }
  return null;
}
