// The SDK's proof folding against the server's tree builder (@ctxlog/core), for every tree shape
// up to 33 leaves (odd levels, promoted nodes, a single leaf).
import { buildMerkleTree } from "@ctxlog/core";
import { type Hex, keccak256, toHex } from "viem";
import { processMerkleProof, verifyMerkleProof } from "./merkle";

const leaves = (n: number): Hex[] => Array.from({ length: n }, (_, i) => keccak256(toHex(`leaf ${n}/${i}`)));

describe("Merkle proofs (sorted-pair keccak256)", () => {
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

  it("a single leaf is its own root with an empty proof", () => {
    const [leaf] = leaves(1) as [Hex];
    expect(verifyMerkleProof(leaf, [], leaf)).toBe(true);
  });

  it("matches OpenZeppelin's commutative pair hash: parent = keccak256(min ‖ max)", () => {
    const [a, b] = leaves(2) as [Hex, Hex];
    const [low, high] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
    const parent = keccak256(`0x${low.slice(2)}${high.slice(2)}`);
    expect(processMerkleProof(a, [b])).toBe(parent);
    expect(processMerkleProof(b, [a])).toBe(parent);
  });

  it("rejects a wrong leaf, a changed or reordered proof, another root, and malformed hex — without throwing", () => {
    const all = leaves(7);
    const tree = buildMerkleTree(all);
    const proof = tree.proofs[2] as Hex[];
    const leaf = all[2] as Hex;
    expect(verifyMerkleProof(all[3] as Hex, proof, tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, [...proof].reverse(), tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof.slice(1), tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof, all[0] as Hex)).toBe(false);
    expect(verifyMerkleProof("0x1234", proof, tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, ["0xnothex" as Hex], tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof, tree.root.toUpperCase().replace("0X", "0x") as Hex)).toBe(true);
  });
});
