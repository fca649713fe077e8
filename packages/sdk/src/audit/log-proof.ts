// The Merkle check of a version 4 export line (issue 43): the entry anchored by the transparency
// log's tree head. Its leaf is in the log's tree (RFC 6962, at its log index), and that tree is one
// log with the tree anchored on chain (whose root, merkle_root, the audit then finds on chain).
import {
  type Checkpoint,
  isTlogError,
  leafHash,
  parseCheckpoint,
  parseSignedNote,
  verifyConsistency,
  verifyInclusion,
} from "@ctxlog/tlog";
import { hexToBytes } from "viem";

export const RFC6962 = "RFC6962-SHA256";

/** A version 4 line's `log` (the API's TransparencyLogProof). */
export interface EntryLog {
  origin: string;
  verifier_key: string;
  tree_size: number;
  checkpoint: string;
  witness_policy?: { threshold: number; witnesses: string[] };
  anchored_tree_size: number;
  consistency_proof: string[];
}

/** What the check reads of a version 4 line. */
export interface LogEntry {
  sequence: number;
  entry_hash: string;
  merkle_algorithm?: string;
  leaf_index: number;
  merkle_proof: string[];
  merkle_root: string;
  log?: EntryLog;
}

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const size = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const hashes = (v: unknown) => Array.isArray(v) && v.every((h) => HASH32.test(String(h)));

/** Why a version 4 line's log fields are unusable, or null. */
export function entryLogProblem(e: LogEntry): string | null {
  if (e.merkle_algorithm !== RFC6962)
    return `its merkle_algorithm is ${JSON.stringify(e.merkle_algorithm)}, not ${RFC6962} (version 4)`;
  const log = e.log as Partial<EntryLog> | undefined;
  if (typeof log !== "object" || log === null) return "it has no log object (a version 4 line carries one)";
  for (const name of ["origin", "verifier_key", "checkpoint"] as const) {
    if (typeof log[name] !== "string" || log[name] === "")
      return `its log.${name} must be a non-empty string`;
  }
  for (const name of ["tree_size", "anchored_tree_size"] as const) {
    if (!size(log[name]) || (log[name] as number) < 1) return `its log.${name} must be an integer ≥ 1`;
  }
  if (!hashes(log.consistency_proof)) return "its log.consistency_proof must be 32-byte 0x-hex hashes";
  if (!size(e.leaf_index)) return "its leaf_index must be an integer ≥ 0";
  if (!hashes(e.merkle_proof) || !HASH32.test(String(e.merkle_root)))
    return "its Merkle proof or root is malformed";
  return null;
}

// the lines of one tree head carry the same checkpoint: it is parsed once, and each
// (anchored tree, checkpoint) pair proven consistent once
let lastNote: { text: string; checkpoint: Checkpoint } | null = null;
const consistent = new Set<string>();

/** The checkpoint's body; its signature is the log check's (entries_in_log) to open. */
function checkpointOf(note: string): Checkpoint {
  if (lastNote?.text !== note)
    lastNote = { text: note, checkpoint: parseCheckpoint(parseSignedNote(note).text) };
  return lastNote.checkpoint;
}

const bytes = (hex: string) => hexToBytes(hex as `0x${string}`);
const message = (error: unknown) => {
  if (isTlogError(error)) return error.message;
  throw error;
};

/**
 * Whether a version 4 line's proof holds: entry_hash's leaf at leaf_index in the checkpoint's tree
 * of log.tree_size leaves, inside the anchored tree of log.anchored_tree_size leaves, and that tree
 * (root merkle_root) consistent with the checkpoint's. Returns why not, or null.
 */
export function logProofProblem(e: LogEntry): string | null {
  const shape = entryLogProblem(e);
  if (shape) return shape;
  const log = e.log as EntryLog;
  let checkpoint: Checkpoint;
  try {
    checkpoint = checkpointOf(log.checkpoint);
  } catch (error) {
    return `its log.checkpoint is not a checkpoint: ${message(error)}`;
  }
  if (checkpoint.size !== log.tree_size)
    return `its checkpoint is of ${checkpoint.size} leaves, log.tree_size says ${log.tree_size}`;
  if (e.leaf_index >= log.anchored_tree_size)
    return `its leaf_index ${e.leaf_index} is not in the anchored tree of ${log.anchored_tree_size} leaves`;
  try {
    const proof = e.merkle_proof.map(bytes);
    verifyInclusion(e.leaf_index, log.tree_size, leafHash(bytes(e.entry_hash)), proof, checkpoint.rootHash);
  } catch (error) {
    return `its RFC 6962 proof of leaf ${e.leaf_index} in the checkpoint's tree fails: ${message(error)}`;
  }
  const key = [e.merkle_root, log.anchored_tree_size, log.checkpoint, ...log.consistency_proof].join("|");
  if (consistent.has(key.toLowerCase())) return null;
  try {
    const [anchored, root, proof] = [
      log.anchored_tree_size,
      bytes(e.merkle_root),
      log.consistency_proof.map(bytes),
    ];
    // either may be the older tree: the anchored one a prefix of the checkpoint's, or the reverse
    if (anchored <= checkpoint.size)
      verifyConsistency(anchored, checkpoint.size, root, checkpoint.rootHash, proof);
    else verifyConsistency(checkpoint.size, anchored, checkpoint.rootHash, root, proof);
  } catch (error) {
    return `its anchored tree (merkle_root, ${log.anchored_tree_size} leaves) and its checkpoint's tree of ${checkpoint.size} are not one log: ${message(error)}`;
  }
  if (consistent.size >= 1_000) consistent.clear();
  consistent.add(key.toLowerCase());
  return null;
}
