// The Merkle check of a version 4 export line: the entry's RFC 6962 leaf at its log index in the
// checkpoint's tree, inside the anchored tree, and that tree one log with the checkpoint's.
import {
  formatCheckpoint,
  generateNoteKey,
  MemoryTree,
  noteSigner,
  proveConsistency,
  proveInclusion,
  signNote,
  treeHash,
} from "@ctxlog/tlog";
import { bytesToHex, keccak256, toHex } from "viem";
import { type LogEntry, logProofProblem } from "./log-proof";

const ORIGIN = "audit.test/log";
const key = generateNoteKey(ORIGIN);
const entries = Array.from({ length: 40 }, (_, i) => keccak256(toHex(`entry ${i}`)));
const tree = MemoryTree.fromLeaves(entries.map((e) => Buffer.from(e.slice(2), "hex")));
const hex = (hashes: Uint8Array[]) => hashes.map((h) => bytesToHex(h));
const checkpoint = (size: number) =>
  signNote(
    formatCheckpoint({ origin: ORIGIN, size, rootHash: treeHash(size, tree.hashAt), extensions: [] }),
    [noteSigner(key.signerKey)],
  );

/** The line of entry `index`: its proof in the checkpoint of `size`, anchored at `anchored`. */
function line(index: number, size: number, anchored: number): LogEntry {
  return {
    sequence: index + 1,
    entry_hash: entries[index] as string,
    merkle_algorithm: "RFC6962-SHA256",
    leaf_index: index,
    merkle_proof: hex(proveInclusion(index, size, tree.hashAt)),
    merkle_root: bytesToHex(treeHash(anchored, tree.hashAt)),
    log: {
      origin: ORIGIN,
      verifier_key: key.verifierKey,
      tree_size: size,
      checkpoint: checkpoint(size),
      anchored_tree_size: anchored,
      consistency_proof: hex(
        proveConsistency(Math.min(anchored, size), Math.max(anchored, size), tree.hashAt),
      ),
    },
  };
}

describe("logProofProblem", () => {
  it("passes a leaf of the anchored tree head, the checkpoint the same tree or a larger one", () => {
    for (const i of [0, 13, 24]) expect(logProofProblem(line(i, 25, 25))).toBeNull();
    expect(logProofProblem(line(13, 40, 25))).toBeNull();
    // the checkpoint older than the anchored tree: the proof goes the other way
    expect(logProofProblem(line(3, 20, 25))).toBeNull();
  });

  it("fails a wrong leaf, proof, root, size or algorithm, and a leaf beyond the anchored tree", () => {
    const good = line(13, 40, 25);
    expect(logProofProblem({ ...good, entry_hash: entries[14] as string })).toMatch(
      /^its RFC 6962 proof of leaf 13 in the checkpoint's tree fails/,
    );
    expect(logProofProblem({ ...good, leaf_index: 12 })).toMatch(/proof of leaf 12 .* fails/);
    expect(logProofProblem({ ...good, merkle_root: bytesToHex(treeHash(24, tree.hashAt)) })).toMatch(
      /^its anchored tree \(merkle_root, 25 leaves\) and its checkpoint's tree of 40 are not one log/,
    );
    expect(
      logProofProblem({ ...good, log: { ...(good.log as LogEntry["log"] & object), tree_size: 39 } }),
    ).toBe("its checkpoint is of 40 leaves, log.tree_size says 39");
    expect(logProofProblem(line(30, 40, 25))).toBe(
      "its leaf_index 30 is not in the anchored tree of 25 leaves",
    );
    expect(logProofProblem({ ...good, merkle_algorithm: "sorted-pair-keccak256" })).toMatch(
      /not RFC6962-SHA256/,
    );
    expect(logProofProblem({ ...good, log: undefined })).toMatch(/no log object/);
  });
});
