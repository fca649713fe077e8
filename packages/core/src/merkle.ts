import { bytesToHex, type Hex, hexToBytes } from "viem";
import { keccak256Bytes } from "./keccak";

export type MerkleTree = { root: Hex; proofs: Hex[][] };

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * A Merkle tree that OpenZeppelin's `MerkleProof.verify(proof, root, leaf)` accepts.
 *
 * - Leaves are the contexts' leaves themselves (`contextLeaf`), in the order given (no extra leaf
 *   hashing, per the design), and proofs[i] belongs to leaves[i].
 * - Parents are keccak256 of the two children sorted as bytes, so a proof needs no left/right bits.
 * - An odd node at the end of a level is promoted to the next level unchanged, and its proof simply
 *   has no element for that level. Duplicating it instead (Bitcoin's choice) would make [a, b, c]
 *   and [a, b, c, c] share a root (CVE-2012-2459) and hash a node with itself for nothing.
 * - One leaf: root = leaf, empty proof — batch size 1 is just a small batch.
 * - Sorted pairs mean a root commits to which leaves are in the batch, not to their order; that is
 *   all an inclusion proof claims. A verifier must still recompute the leaf from the context's
 *   data, since the proof alone cannot tell a leaf from an internal node.
 *
 * Each level lives in one byte buffer (32 bytes a node): the leaves are decoded from hex once,
 * pairs are hashed from and into those buffers, and each node is turned into hex once, natively,
 * for the proofs, which share those strings. So building is O(n) hashes, with no per-node hex
 * round trip, and O(n log n) only in the proof arrays. The chain worker keeps the levels instead
 * (`buildMerkleLevels`, in the anchor), and readers read a proof out of them in SQL when one is
 * asked for.
 */
export function buildMerkleTree(leaves: readonly Hex[]): MerkleTree {
  // each node turned into hex once, the proofs sharing those strings
  const levelsHex = hashLevels(leaves).map((level) => {
    const nodes = new Array<Hex>(level.length / 32);
    for (let k = 0; k < nodes.length; k++) nodes[k] = `0x${level.toString("hex", k * 32, k * 32 + 32)}`;
    return nodes;
  });
  const proofs = leaves.map((_, i) => proofOf(levelsHex, i));
  return { root: levelsHex[levelsHex.length - 1]?.[0] as Hex, proofs };
}

/**
 * A tree kept whole, for proofs to be read from it later without its leaves: every level below the
 * root, leaves first, 32 bytes a node (empty for one leaf, whose
 * proof is empty). PostgreSQL's `ctxlog_merkle_proof` (migration 20261127163924) reads a proof out
 * of it for every reader: at each level, the node beside the path's, when there is one. The levels
 * and the proofs it must give are those of test-vectors/merkle.json (`levels`, from this function;
 * `proofs`, from `buildMerkleTree`), checked in SQL by packages/db/src/mirrored-rules.test.ts.
 */
export interface MerkleLevels {
  root: Hex;
  levels: Buffer<ArrayBuffer>;
}

/**
 * A context's Merkle leaf: its entry hash (its place in its agent's log), or its context hash when
 * it was logged before logs were chained and has none (proof bundle version 1). PostgreSQL states
 * the same rule as `ctxlog_context_leaf` (migration 20261130001500), for the statements that read leaves;
 * both are held to test-vectors/merkle.json `context_leaves`.
 */
export function contextLeaf(context: { contextHash: Hex; entryHash: Hex | null }): Hex {
  return context.entryHash ?? context.contextHash;
}

/** The root and the levels below it, for a tree whose proofs are read later (SQL ctxlog_merkle_proof). */
export function buildMerkleLevels(leaves: readonly Hex[]): MerkleLevels {
  const levels = hashLevels(leaves);
  const top = levels.pop() as Buffer<ArrayBuffer>;
  return { root: `0x${top.toString("hex", 0, 32)}` as Hex, levels: Buffer.concat(levels) };
}

/**
 * Every level of the tree, leaves first, root last (one node), each in one buffer of 32-byte
 * nodes: the leaves decoded from hex once, pairs hashed from and into those buffers.
 */
function hashLevels(leaves: readonly Hex[]): Buffer<ArrayBuffer>[] {
  if (leaves.length === 0) throw new RangeError("a Merkle tree needs at least one leaf");
  let count = leaves.length;
  let level = Buffer.allocUnsafe(count * 32);
  leaves.forEach((leaf, i) => {
    if (!HASH32.test(leaf)) throw new TypeError(`leaf ${i} is not a 32-byte hex hash`);
    level.write(leaf.slice(2), i * 32, 32, "hex");
  });
  const levels = [level];
  const pair = new Uint8Array(64);
  while (count > 1) {
    const nextCount = (count + 1) >> 1;
    const next = Buffer.allocUnsafe(nextCount * 32);
    for (let j = 0; j + 1 < count; j += 2) {
      const a = j * 32;
      const b = a + 32;
      // sorted as bytes: the smaller node first (OpenZeppelin's commutativeKeccak256)
      const aFirst = level.compare(level, b, b + 32, a, a + 32) <= 0;
      pair.set(level.subarray(aFirst ? a : b, (aFirst ? a : b) + 32), 0);
      pair.set(level.subarray(aFirst ? b : a, (aFirst ? b : a) + 32), 32);
      next.set(keccak256Bytes(pair), j * 16);
    }
    if (count % 2 === 1) level.copy(next, (nextCount - 1) * 32, (count - 1) * 32, count * 32);
    levels.push(next);
    level = next;
    count = nextCount;
  }
  return levels;
}

/** Leaf `leafIndex`'s proof from every level's nodes (leaves first, root last). */
function proofOf(levels: readonly Hex[][], leafIndex: number): Hex[] {
  const proof: Hex[] = [];
  let position = leafIndex;
  for (let l = 0; l + 1 < levels.length; l++) {
    const sibling = (levels[l] as Hex[])[position ^ 1]; // absent for a promoted node
    if (sibling !== undefined) proof.push(sibling);
    position >>= 1;
  }
  return proof;
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
