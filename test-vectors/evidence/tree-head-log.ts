// The transparency log of the pack vectors (issue 43): two other agents' entries, then the 12
// entries of the vectors' agent, as the sequencer appends them; its checkpoint of 14 leaves signed
// by the log's key and cosigned by one witness, as the chain worker anchors it (`anchor(root, 14)`).
// Fixed seeds and a fixed cosignature time: the same log and checkpoint on every run. Two more
// witnesses for the witness vectors: w2, whom a stricter policy names but who never cosigns, and
// w3, whom no policy names.
import {
  formatCheckpoint,
  formatVerifierKey,
  MemoryTree,
  type NoteSignerKey,
  noteSigner,
  proveInclusion,
  SIGNATURE_TYPE,
  signerKeyFromSeed,
  signNote,
  treeHash,
} from "@ctxlog/tlog";
import { bytesToHex, type Hex, hexToBytes, keccak256, toBytes } from "viem";

export const LOG_ORIGIN = "ctxlog.example/evidence-vectors";
const WITNESS_NAME = "witness.example/w1";
const COSIGNED_AT = 1764460800n; // 2025-11-30T00:00:00Z
const seed = (n: number) => new Uint8Array(32).fill(n);

export const LOG_KEY = signerKeyFromSeed(LOG_ORIGIN, seed(7));
/** A key of the same name that is not the log's: what signs a forged checkpoint. */
export const FORGER_KEY = signerKeyFromSeed(LOG_ORIGIN, seed(8));
const witnessKey = (name: string, n: number) =>
  signerKeyFromSeed(name, seed(n), SIGNATURE_TYPE.cosignatureV1);
export const WITNESS_KEY = witnessKey(WITNESS_NAME, 9);
export const WITNESS_2_KEY = witnessKey("witness.example/w2", 10);
export const WITNESS_3_KEY = witnessKey("witness.example/w3", 11);

/**
 * A checkpoint of `size` leaves and `root`, signed by `key` and cosigned by `witnesses` (by
 * default the witness w1 when `key` is the log's, none for another key).
 */
export function signedCheckpoint(
  size: number,
  root: Hex,
  key: NoteSignerKey = LOG_KEY,
  witnesses: NoteSignerKey[] = key === LOG_KEY ? [WITNESS_KEY] : [],
): string {
  const body = formatCheckpoint({ origin: LOG_ORIGIN, size, rootHash: hexToBytes(root), extensions: [] });
  return signNote(body, [noteSigner(key), ...witnesses.map((w) => noteSigner(w, () => COSIGNED_AT))]);
}

export interface VectorLog {
  size: number;
  root: Hex;
  /** a bundle's `log` (version 4), as GET /v1/contexts/:id/proof gives it */
  log: Record<string, unknown>;
  /** by the entry's hash: its log index and RFC 6962 inclusion proof in the tree of `size` */
  proofs: Map<string, { leaf: number; proof: Hex[] }>;
}

/** The log holding `entryHashes` after two other agents' entries. */
export function vectorLog(entryHashes: readonly Hex[]): VectorLog {
  const foreign = [1, 2].map((n) => keccak256(toBytes(`another agent's entry ${n}`)));
  const leaves = [...foreign, ...entryHashes];
  const tree = MemoryTree.fromLeaves(leaves.map((h) => hexToBytes(h)));
  const size = tree.size;
  const root = bytesToHex(treeHash(size, tree.hashAt));
  const proofs = new Map<string, { leaf: number; proof: Hex[] }>();
  leaves.forEach((hash, leaf) => {
    if (leaf >= foreign.length)
      proofs.set(hash, { leaf, proof: proveInclusion(leaf, size, tree.hashAt).map((p) => bytesToHex(p)) });
  });
  return {
    size,
    root,
    proofs,
    log: {
      origin: LOG_ORIGIN,
      verifier_key: formatVerifierKey(LOG_KEY),
      tree_size: size,
      checkpoint: signedCheckpoint(size, root),
      witness_policy: { threshold: 1, witnesses: [formatVerifierKey(WITNESS_KEY)] },
      anchored_tree_size: size,
      consistency_proof: [],
    },
  };
}

/** anchors.json's tree_head of the log's anchor, from a bundle's `log`. */
export const treeHeadRecord = (log: Record<string, unknown>) => ({
  tree_size: log.tree_size,
  origin: log.origin,
  verifier_key: log.verifier_key,
  checkpoint: log.checkpoint,
});
