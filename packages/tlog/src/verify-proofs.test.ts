import { createHash } from "node:crypto";
import { MemoryTree } from "./memory-tree";
import { proveConsistency, proveInclusion } from "./prove";
import { leafHash, nodeHash, treeHash } from "./rfc6962";
import { testLeaves } from "./testing/reference";
import {
  MAX_PROOF_HASHES,
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from "./verify-proofs";

const N = 17;
const leaves = testLeaves(N);
const tree = MemoryTree.fromLeaves(leaves);
const roots = Array.from({ length: N + 1 }, (_, n) => treeHash(n, tree.hashAt));
const root = (n: number) => roots[n] as Uint8Array;
const flip = (h: Uint8Array) => {
  const c = new Uint8Array(h);
  c[0] = (c[0] as number) ^ 1;
  return c;
};
const failed = expect.objectContaining({ reason: "proof_failed" });

describe("verifyInclusion (RFC 9162 §2.1.3.2)", () => {
  it("accepts every proof of every leaf up to 17, and refuses each with one hash changed", () => {
    for (let n = 1; n <= N; n++) {
      for (let m = 0; m < n; m++) {
        const p = proveInclusion(m, n, tree.hashAt);
        const leaf = leafHash(leaves[m] as Uint8Array);
        expect(() => verifyInclusion(m, n, leaf, p, root(n))).not.toThrow();
        p.forEach((_, i) => {
          const bad = p.map((h, j) => (i === j ? flip(h) : h));
          expect(() => verifyInclusion(m, n, leaf, bad, root(n))).toThrow(failed);
        });
        expect(() => verifyInclusion(m, n, flip(leaf), p, root(n))).toThrow(failed);
      }
    }
  });

  it("refuses a proof for another index or size, or one hash too many or too few", () => {
    const p = proveInclusion(5, 13, tree.hashAt);
    const leaf = leafHash(leaves[5] as Uint8Array);
    expect(() => verifyInclusion(4, 13, leaf, p, root(13))).toThrow(failed);
    expect(() => verifyInclusion(5, 14, leaf, p, root(14))).toThrow(failed);
    expect(() => verifyInclusion(5, 13, leaf, p.slice(1), root(13))).toThrow(failed);
    expect(() => verifyInclusion(5, 13, leaf, [...p, p[0] as Uint8Array], root(13))).toThrow(failed);
    expect(() => rootFromInclusionProof(5, 13, leaf, p.slice(0, -1))).toThrow(
      /shorter than the tree is deep/,
    );
  });

  it("refuses hostile input before hashing: too many hashes, wrong lengths, indexes out of range", () => {
    const leaf = leafHash(leaves[0] as Uint8Array);
    const many = Array.from({ length: MAX_PROOF_HASHES + 1 }, () => leaf);
    expect(() => verifyInclusion(0, 2, leaf, many, root(2))).toThrow(
      expect.objectContaining({ reason: "too_large" }),
    );
    expect(() => verifyInclusion(0, 2, leaf, [new Uint8Array(31)], root(2))).toThrow(
      expect.objectContaining({ reason: "malformed" }),
    );
    expect(() => verifyInclusion(0, 2, new Uint8Array(33), [leaf], root(2))).toThrow(
      expect.objectContaining({ reason: "malformed" }),
    );
    expect(() => verifyInclusion(2, 2, leaf, [leaf], root(2))).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => verifyInclusion(0, 2 ** 53, leaf, [leaf], root(2))).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
  });

  it("holds in trees past 2^32 leaves (a synthetic tree: leaves alternate between two, so each level above has one hash)", () => {
    const leafAt = [0, 1].map((i) => new Uint8Array(createHash("sha256").update(`leaf ${i}`).digest()));
    const levels = [nodeHash(leafAt[0] as Uint8Array, leafAt[1] as Uint8Array)];
    for (let l = 2; l <= 53; l++)
      levels.push(nodeHash(levels[l - 2] as Uint8Array, levels[l - 2] as Uint8Array));
    const hashAt = (level: number, index: number) =>
      (level === 0 ? leafAt[index % 2] : levels[level - 1]) as Uint8Array;
    const size = 2 ** 53 - 1;
    const index = 2 ** 52 + 987654321;
    const p = proveInclusion(index, size, hashAt);
    expect(() => verifyInclusion(index, size, hashAt(0, index), p, treeHash(size, hashAt))).not.toThrow();
    expect(() => verifyInclusion(index - 1, size, hashAt(0, index), p, treeHash(size, hashAt))).toThrow(
      failed,
    );
    const old = 2 ** 33 + 5;
    const c = proveConsistency(old, size, hashAt);
    expect(() =>
      verifyConsistency(old, size, treeHash(old, hashAt), treeHash(size, hashAt), c),
    ).not.toThrow();
  });
});

describe("verifyConsistency (RFC 9162 §2.1.4.2)", () => {
  it("accepts every proof between sizes up to 17, and refuses each with one hash changed", () => {
    for (let n = 1; n <= N; n++) {
      for (let m = 1; m < n; m++) {
        const p = proveConsistency(m, n, tree.hashAt);
        expect(() => verifyConsistency(m, n, root(m), root(n), p)).not.toThrow();
        p.forEach((_, i) => {
          const bad = p.map((h, j) => (i === j ? flip(h) : h));
          expect(() => verifyConsistency(m, n, root(m), root(n), bad)).toThrow(failed);
        });
        expect(() => verifyConsistency(m, n, flip(root(m)), root(n), p)).toThrow(failed);
        expect(() => verifyConsistency(m, n, root(m), flip(root(n)), p)).toThrow(failed);
      }
    }
  });

  it("equal sizes need an empty proof and equal roots; an empty old tree, an empty proof", () => {
    expect(() => verifyConsistency(7, 7, root(7), root(7), [])).not.toThrow();
    expect(() => verifyConsistency(7, 7, root(7), flip(root(7)), [])).toThrow(failed);
    expect(() => verifyConsistency(7, 7, root(7), root(7), [root(7)])).toThrow(failed);
    expect(() => verifyConsistency(0, 7, root(0), root(7), [])).not.toThrow();
    expect(() => verifyConsistency(3, 7, root(3), root(7), [])).toThrow(/empty/);
  });

  it("refuses a proof between other sizes (a fork shows up here)", () => {
    const p = proveConsistency(5, 13, tree.hashAt);
    expect(() => verifyConsistency(6, 13, root(6), root(13), p)).toThrow(failed);
    expect(() => verifyConsistency(5, 12, root(5), root(12), p)).toThrow(failed);
    const fork = MemoryTree.fromLeaves([...leaves.slice(0, 5), ...testLeaves(20).slice(10, 18)]);
    expect(() => verifyConsistency(5, 13, root(5), treeHash(13, fork.hashAt), p)).toThrow(failed);
    expect(() => verifyConsistency(8, 7, root(8), root(7), [])).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
  });
});
