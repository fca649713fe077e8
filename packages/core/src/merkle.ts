import { bytesToHex, type Hex, hexToBytes } from "viem";
import { keccak256Bytes } from "./keccak";

export type MerkleTree = { root: Hex; proofs: Hex[][] };

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * A Merkle tree that OpenZeppelin's `MerkleProof.verify(proof, root, leaf)` accepts.
 *
 * - Leaves are the context hashes themselves, in the order given (no extra leaf hashing, per the
 *   design), and proofs[i] belongs to leaves[i].
 * - Parents are keccak256 of the two children sorted as bytes, so a proof needs no left/right bits.
 * - An odd node at the end of a level is promoted to the next level unchanged, and its proof simply
 *   has no element for that level. Duplicating it instead (Bitcoin's choice) would make [a, b, c]
 *   and [a, b, c, c] share a root (CVE-2012-2459) and hash a node with itself for nothing.
 * - One leaf: root = leaf, empty proof — batch size 1 is just a small batch.
 * - Sorted pairs mean a root commits to which leaves are in the batch, not to their order; that is
 *   all an inclusion proof claims. A verifier must still recompute the leaf from the context's
 *   data, since the proof alone cannot tell a leaf from an internal node.
 *
 * Nodes are hashed as bytes and turned into hex once each, so building is O(n) hashes and
 * O(n log n) only in the proof arrays, which share their hex strings.
 */
export function buildMerkleTree(leaves: readonly Hex[]): MerkleTree {
  if (leaves.length === 0) throw new RangeError("a Merkle tree needs at least one leaf");
  const leafBytes = leaves.map((leaf, i) => {
    if (!HASH32.test(leaf)) throw new TypeError(`leaf ${i} is not a 32-byte hex hash`);
    return hexToBytes(leaf);
  });

  const proofs: Hex[][] = leaves.map(() => []);
  // position[i] = index of leaf i's ancestor in the current level.
  const position = leaves.map((_, i) => i);
  let level = leafBytes;
  let levelHex: Hex[] = leaves.map((leaf) => leaf.toLowerCase() as Hex);

  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let j = 0; j + 1 < level.length; j += 2) {
      next.push(hashPair(level[j] as Uint8Array, level[j + 1] as Uint8Array));
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1] as Uint8Array);

    for (let i = 0; i < position.length; i++) {
      const p = position[i] as number;
      const sibling = p ^ 1; // the other half of the pair; absent for a promoted node
      if (sibling < level.length) (proofs[i] as Hex[]).push(levelHex[sibling] as Hex);
      position[i] = p >> 1;
    }
    level = next;
    levelHex = next.map((node) => bytesToHex(node));
  }
  return { root: levelHex[0] as Hex, proofs };
}

/** OpenZeppelin `MerkleProof.verify`: fold the proof with commutative hashing, compare to root. */
export function verifyMerkleProof(leaf: Hex, proof: readonly Hex[], root: Hex): boolean {
  if (!HASH32.test(leaf) || !HASH32.test(root) || !proof.every((p) => HASH32.test(p))) return false;
  return bytesToHex(processProof(leaf, proof)) === root.toLowerCase();
}

/** OpenZeppelin `MerkleProof.processProof`: the root implied by a leaf and its proof. */
export function processProof(leaf: Hex, proof: readonly Hex[]): Uint8Array {
  let computed = hexToBytes(leaf);
  for (const element of proof) computed = hashPair(computed, hexToBytes(element));
  return computed;
}

/** OpenZeppelin `Hashes.commutativeKeccak256`: keccak256(a < b ? a ‖ b : b ‖ a). */
export function hashPair(a: Uint8Array, b: Uint8Array): Uint8Array {
  const buf = new Uint8Array(64);
  if (compareBytes(a, b) <= 0) {
    buf.set(a, 0);
    buf.set(b, 32);
  } else {
    buf.set(b, 0);
    buf.set(a, 32);
  }
  return keccak256Bytes(buf);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}
