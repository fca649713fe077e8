import { bytesToHex, type Hex, hexToBytes } from "viem";
import { keccak256Bytes } from "./keccak";

/** A 0x-prefixed 32-byte hex string (either case). */
export const BYTES32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * The root implied by a leaf and its proof under the service's "sorted-pair-keccak256" tree,
 * which is OpenZeppelin's `MerkleProof.processProof`: at each level, parent =
 * keccak256(min(a, b) ‖ max(a, b)) compared as bytes. Leaves are the context hashes themselves
 * (not hashed again); a promoted odd node contributes no proof element; a one-leaf tree has
 * root = leaf and an empty proof.
 */
export function processMerkleProof(leaf: Hex, proof: readonly Hex[]): Hex {
  if (!BYTES32.test(leaf)) throw new TypeError("leaf must be 32-byte hex");
  let node = hexToBytes(leaf);
  proof.forEach((sibling, i) => {
    if (!BYTES32.test(sibling)) throw new TypeError(`proof element ${i} must be 32-byte hex`);
    node = hashPair(node, hexToBytes(sibling));
  });
  return bytesToHex(node);
}

/** Whether `proof` takes `leaf` to `root`. Never throws: malformed input is simply not a proof. */
export function verifyMerkleProof(leaf: Hex, proof: readonly Hex[], root: Hex): boolean {
  try {
    return BYTES32.test(root) && processMerkleProof(leaf, proof) === root.toLowerCase();
  } catch {
    return false;
  }
}

function hashPair(a: Uint8Array, b: Uint8Array): Uint8Array {
  const [low, high] = compareBytes(a, b) <= 0 ? [a, b] : [b, a];
  const buf = new Uint8Array(64);
  buf.set(low, 0);
  buf.set(high, 32);
  return keccak256Bytes(buf);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}
