// The SDK's proof folding on a tree built by hand here. Every tree shape the server builds (1..33
// leaves, with the server's own tree builder) is checked in test/e2e/sdk/merkle-server-compat.test.ts.
import { concatHex, type Hex, keccak256, toHex } from "viem";
import { processMerkleProof, verifyMerkleProof } from "./merkle";

const leaves = (n: number): Hex[] => Array.from({ length: n }, (_, i) => keccak256(toHex(`leaf ${n}/${i}`)));

/** OpenZeppelin's commutative pair hash, written out: keccak256(min ‖ max). */
const pair = (x: Hex, y: Hex): Hex =>
  BigInt(x) < BigInt(y) ? keccak256(concatHex([x, y])) : keccak256(concatHex([y, x]));

/** A four-leaf tree and each leaf's proof (sibling, then the other pair's parent). */
function fourLeafTree([a, b, c, d]: [Hex, Hex, Hex, Hex]) {
  const ab = pair(a, b);
  const cd = pair(c, d);
  return {
    root: pair(ab, cd),
    proofs: [
      [b, cd],
      [a, cd],
      [d, ab],
      [c, ab],
    ] as Hex[][],
  };
}

describe("Merkle proofs (sorted-pair keccak256)", () => {
  it("every proof of a four-leaf tree reaches its root", () => {
    const all = leaves(4) as [Hex, Hex, Hex, Hex];
    const tree = fourLeafTree(all);
    all.forEach((leaf, i) => {
      const proof = tree.proofs[i] as Hex[];
      expect(processMerkleProof(leaf, proof)).toBe(tree.root);
      expect(verifyMerkleProof(leaf, proof, tree.root)).toBe(true);
    });
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
    const all = leaves(4) as [Hex, Hex, Hex, Hex];
    const tree = fourLeafTree(all);
    const proof = tree.proofs[2] as Hex[];
    const leaf = all[2];
    expect(verifyMerkleProof(all[3], proof, tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, [...proof].reverse(), tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof.slice(1), tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof, all[0])).toBe(false);
    expect(verifyMerkleProof("0x1234", proof, tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, ["0xnothex" as Hex], tree.root)).toBe(false);
    expect(verifyMerkleProof(leaf, proof, tree.root.toUpperCase().replace("0X", "0x") as Hex)).toBe(true);
  });
});
