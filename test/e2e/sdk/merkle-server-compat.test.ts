// The SDK's proof folding against the server's tree builder (@ctxlog/core), for every tree shape
// up to 33 leaves (odd levels, promoted nodes, a single leaf).
import { buildMerkleTree } from "@ctxlog/core";
import { processMerkleProof, verifyMerkleProof } from "@ctxlog/sdk";
import { type Hex, keccak256, toHex } from "viem";

const leaves = (n: number): Hex[] => Array.from({ length: n }, (_, i) => keccak256(toHex(`leaf ${n}/${i}`)));

describe("the SDK's Merkle proofs and the server's trees", () => {
  it("every proof of every server-built tree of 1..33 leaves reaches its root", () => {
    for (let n = 1; n <= 33; n++) {
      const tree = buildMerkleTree(leaves(n));
      leaves(n).forEach((leaf, i) => {
        const proof = tree.proofs[i] as Hex[];
        expect(processMerkleProof(leaf, proof)).toBe(tree.root);
        expect(verifyMerkleProof(leaf, proof, tree.root)).toBe(true);
      });
    }
  });

  it("rejects a proof of a server-built tree that was changed or reordered", () => {
    const all = leaves(7);
    const tree = buildMerkleTree(all);
    const proof = tree.proofs[2] as Hex[];
    const leaf = all[2] as Hex;
    expect(verifyMerkleProof(all[3] as Hex, proof, tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, [...proof].reverse(), tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof.slice(1), tree.root)).toBe(false);
  });
});
