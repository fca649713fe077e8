import { bytesEqual } from "./bytes";
import { TlogError } from "./errors";
import { checkTreeSize, HASH_SIZE, nodeHash } from "./rfc6962";

/** No proof in a tree of at most 2^53 − 1 leaves has more hashes: longer input is refused unread. */
export const MAX_PROOF_HASHES = 64;

function checkProofHashes(proof: readonly Uint8Array[], what: string): void {
  if (proof.length > MAX_PROOF_HASHES) {
    throw new TlogError("too_large", `${what} has more than ${MAX_PROOF_HASHES} hashes`, {
      details: `${proof.length} hashes`,
    });
  }
  proof.forEach((hash, i) => {
    if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE) {
      throw new TlogError("malformed", `${what} hash ${i} is not ${HASH_SIZE} bytes`);
    }
  });
}

function checkHash(hash: Uint8Array, what: string): void {
  if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE) {
    throw new TlogError("malformed", `${what} is not ${HASH_SIZE} bytes`);
  }
}

// RFC 9162's "right-shift" and "LSB" on numbers past 2^32, where JavaScript's bit operators stop
const half = (n: number): number => Math.floor(n / 2);
const odd = (n: number): boolean => n % 2 === 1;

function isPowerOfTwo(n: number): boolean {
  let m = n;
  while (m > 1 && !odd(m)) m = half(m);
  return m === 1;
}

/**
 * The root an inclusion proof implies (RFC 9162 §2.1.3.2), or a TlogError("proof_failed") when
 * the proof's length does not fit the index and size.
 */
export function rootFromInclusionProof(
  index: number,
  size: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array {
  checkTreeSize(size);
  checkHash(leafHash, "leaf hash");
  checkProofHashes(proof, "inclusion proof");
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) {
    throw new TlogError("invalid_argument", "leaf index must be below the tree size", {
      details: `index ${index}, tree size ${size}`,
    });
  }
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) throw new TlogError("proof_failed", "inclusion proof is longer than the tree is deep");
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new TlogError("proof_failed", "inclusion proof is shorter than the tree is deep");
  return r;
}

/** Throws TlogError("proof_failed") unless the proof shows the leaf at `index` under `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): void {
  checkHash(root, "root hash");
  const computed = rootFromInclusionProof(index, size, leafHash, proof);
  if (!bytesEqual(computed, root)) {
    throw new TlogError("proof_failed", "inclusion proof does not lead to the root hash");
  }
}

/**
 * Throws TlogError("proof_failed") unless the proof shows the tree (oldSize, oldRoot) to be a
 * prefix of (newSize, newRoot): RFC 9162 §2.1.4.2, with the cases it leaves out handled as Go's
 * tlog and transparency-dev/merkle do (equal sizes: empty proof, equal roots; old size 0: empty
 * proof).
 */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  proof: readonly Uint8Array[],
): void {
  checkTreeSize(oldSize, "old tree size");
  checkTreeSize(newSize, "new tree size");
  checkHash(oldRoot, "old root hash");
  checkHash(newRoot, "new root hash");
  checkProofHashes(proof, "consistency proof");
  if (oldSize > newSize) {
    throw new TlogError("invalid_argument", "the old tree is larger than the new one", {
      details: `old size ${oldSize}, new size ${newSize}`,
    });
  }
  if (oldSize === newSize || oldSize === 0) {
    if (proof.length > 0)
      throw new TlogError("proof_failed", "consistency proof must be empty for these sizes");
    if (oldSize === newSize && !bytesEqual(oldRoot, newRoot)) {
      throw new TlogError("proof_failed", "two trees of the same size have different roots");
    }
    return;
  }
  if (proof.length === 0) throw new TlogError("proof_failed", "consistency proof is empty");
  // an old tree that is a complete subtree is its own first proof element
  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : [...proof];
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0] as Uint8Array;
  let sr = fr;
  for (const c of path.slice(1)) {
    if (sn === 0) throw new TlogError("proof_failed", "consistency proof is longer than the tree is deep");
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new TlogError("proof_failed", "consistency proof is shorter than the tree is deep");
  if (!bytesEqual(fr, oldRoot))
    throw new TlogError("proof_failed", "consistency proof does not lead to the old root");
  if (!bytesEqual(sr, newRoot))
    throw new TlogError("proof_failed", "consistency proof does not lead to the new root");
}
