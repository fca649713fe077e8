import { toHex } from "./bytes";
import { MemoryTree } from "./memory-tree";
import {
  consistencyProofRanges,
  inclusionProofRanges,
  nodesForRanges,
  proveConsistency,
  proveInclusion,
} from "./prove";
import { path, proof, testLeaves } from "./testing/reference";

const hex = (hashes: Uint8Array[]) => hashes.map(toHex);
const N = 33;
const leaves = testLeaves(N);
const tree = MemoryTree.fromLeaves(leaves);

describe("proof generation from a HashAt reader", () => {
  it("inclusion proofs are RFC 6962's PATH for every leaf of trees of 1 to 33 leaves", () => {
    for (let n = 1; n <= N; n++) {
      for (let m = 0; m < n; m++) {
        expect(hex(proveInclusion(m, n, tree.hashAt))).toEqual(hex(path(m, leaves.slice(0, n))));
      }
    }
  });

  it("consistency proofs are RFC 6962's PROOF for every pair of sizes up to 33", () => {
    for (let n = 1; n <= N; n++) {
      for (let m = 0; m <= n; m++) {
        expect(hex(proveConsistency(m, n, tree.hashAt))).toEqual(
          hex(m === n ? [] : proof(m, leaves.slice(0, n))),
        );
      }
    }
  });

  it("names the nodes to read before any is read, each once", () => {
    const nodes = nodesForRanges([...inclusionProofRanges(5, 13), ...consistencyProofRanges(6, 13)]);
    const keys = nodes.map((n) => `${n.level}/${n.index}`);
    expect(new Set(keys).size).toBe(keys.length);
    const read = new Set<string>();
    const spy = (level: number, index: number) => {
      read.add(`${level}/${index}`);
      return tree.hashAt(level, index);
    };
    proveInclusion(5, 13, spy);
    proveConsistency(6, 13, spy);
    expect([...read].sort()).toEqual([...keys].sort());
  });

  it("works on index arithmetic past 2^32 (a synthetic reader: every node a hash of its name)", () => {
    const ranges = inclusionProofRanges(2 ** 52 + 12345, 2 ** 53 - 1);
    expect(ranges).toHaveLength(53);
    expect(ranges.every((r) => r.start < r.end && r.end <= 2 ** 53 - 1)).toBe(true);
    expect(consistencyProofRanges(2 ** 40 + 3, 2 ** 53 - 1).length).toBeGreaterThan(0);
  });

  it("refuses indexes and sizes out of range", () => {
    expect(() => inclusionProofRanges(3, 3)).toThrow(expect.objectContaining({ reason: "invalid_argument" }));
    expect(() => inclusionProofRanges(-1, 3)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => consistencyProofRanges(4, 3)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => consistencyProofRanges(1, 2 ** 53)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
  });
});
