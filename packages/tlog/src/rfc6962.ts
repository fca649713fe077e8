import { sha256 } from "./bytes";
import { TlogError } from "./errors";

/**
 * RFC 6962 §2.1 hashing with SHA-256. The log's leaves are the entry hashes' 32 bytes, so a leaf
 * hash is SHA-256(0x00 ‖ entry hash): a hash of a hash, revealing nothing about the context.
 */
export const HASH_SIZE = 32;

const LEAF_PREFIX = new Uint8Array([0x00]);
const NODE_PREFIX = new Uint8Array([0x01]);

export function leafHash(leaf: Uint8Array): Uint8Array {
  return sha256(LEAF_PREFIX, leaf);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(NODE_PREFIX, left, right);
}

/** MTH({}) = SHA-256 of the empty string: the root of the empty tree. */
export function emptyTreeHash(): Uint8Array {
  return sha256();
}

/**
 * A complete subtree of the tree: the 2^level leaves from index·2^level. Level 0 nodes are leaf
 * hashes. Every node ever stored (in tiles or elsewhere) is one of these: they never change once
 * the tree has grown past them, which is what makes them storable.
 */
export type TreeNode = { level: number; index: number };

/** Reads a complete subtree's hash: the storage layer's side (tiles, rows, memory). */
export type HashAt = (level: number, index: number) => Uint8Array;

/** Sizes and indexes are JavaScript numbers: up to 2^53 − 1 leaves, refused above. */
export function checkTreeSize(size: number, what = "tree size"): void {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new TlogError("invalid_argument", `${what} must be an integer from 0 to 2^53 − 1`, {
      details: `got ${size}`,
    });
  }
}

/** The largest power of two strictly below n (n ≥ 2): the split point k of RFC 6962 §2.1. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees that make up leaves [start, end), largest first. For the ranges RFC 6962's
 * recursion produces (start a multiple of a power of two ≥ end − start), these are the binary
 * digits of end − start, and MTH(D[start:end]) folds them from the right.
 */
export function rangeNodes(start: number, end: number): TreeNode[] {
  const nodes: TreeNode[] = [];
  let at = start;
  while (at < end) {
    let size = 1;
    let level = 0;
    // the largest aligned complete subtree that starts at `at` and fits
    while (at % (size * 2) === 0 && at + size * 2 <= end) {
      size *= 2;
      level++;
    }
    nodes.push({ level, index: at / size });
    at += size;
  }
  return nodes;
}

/** MTH(D[start:end]) from the complete subtrees' hashes (rangeNodes order). */
export function foldRange(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) return emptyTreeHash();
  let hash = hashes[hashes.length - 1] as Uint8Array;
  for (let i = hashes.length - 2; i >= 0; i--) hash = nodeHash(hashes[i] as Uint8Array, hash);
  return hash;
}

export function rangeHash(start: number, end: number, hashAt: HashAt): Uint8Array {
  return foldRange(rangeNodes(start, end).map((node) => hashAt(node.level, node.index)));
}

/** MTH of the first `size` leaves. */
export function treeHash(size: number, hashAt: HashAt): Uint8Array {
  checkTreeSize(size);
  return rangeHash(0, size, hashAt);
}
