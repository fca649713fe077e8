import { TlogError } from "./errors";
import { checkTreeSize, type HashAt, rangeHash, rangeNodes, splitPoint, type TreeNode } from "./rfc6962";

/** Leaves [start, end): each proof element is the Merkle Tree Hash of one such range. */
export type LeafRange = { start: number; end: number };

/**
 * The ranges of RFC 6962 §2.1.1's PATH(m, D[n]), leaf-side first: what an inclusion proof of leaf
 * `index` in a tree of `size` leaves is made of. Index arithmetic only; no hash is read.
 */
export function inclusionProofRanges(index: number, size: number): LeafRange[] {
  checkTreeSize(size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) {
    throw new TlogError("invalid_argument", "leaf index must be below the tree size", {
      details: `index ${index}, tree size ${size}`,
    });
  }
  const ranges: LeafRange[] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      start += k;
    }
  }
  return ranges.reverse();
}

/**
 * The ranges of RFC 6962 §2.1.2's PROOF(m, D[n]), leaf-side first: a consistency proof from the
 * tree of `oldSize` leaves to the tree of `newSize`. Empty when the sizes are equal or the old
 * tree is empty (every tree is consistent with the empty one), as Go's tlog and
 * transparency-dev/merkle have it.
 */
export function consistencyProofRanges(oldSize: number, newSize: number): LeafRange[] {
  checkTreeSize(oldSize, "old tree size");
  checkTreeSize(newSize, "new tree size");
  if (oldSize > newSize) {
    throw new TlogError("invalid_argument", "the old tree is larger than the new one", {
      details: `old size ${oldSize}, new size ${newSize}`,
    });
  }
  if (oldSize === 0 || oldSize === newSize) return [];
  const ranges: LeafRange[] = [];
  // SUBPROOF(m, D[start:end], whole): `whole` while the range's left edge is the old tree's
  let start = 0;
  let end = newSize;
  let whole = true;
  for (;;) {
    const m = oldSize - start;
    if (m === end - start) {
      if (!whole) ranges.push({ start, end });
      break;
    }
    const k = splitPoint(end - start);
    if (m <= k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      start += k;
      whole = false;
    }
  }
  return ranges.reverse();
}

/**
 * The complete subtrees a storage layer must read to build these ranges' hashes, without
 * duplicates: fetch them in one go (one query, one set of tiles), then answer `hashAt` from them.
 */
export function nodesForRanges(ranges: readonly LeafRange[]): TreeNode[] {
  const seen = new Set<string>();
  const nodes: TreeNode[] = [];
  for (const range of ranges) {
    for (const node of rangeNodes(range.start, range.end)) {
      const key = `${node.level}/${node.index}`;
      if (!seen.has(key)) {
        seen.add(key);
        nodes.push(node);
      }
    }
  }
  return nodes;
}

export function proveInclusion(index: number, size: number, hashAt: HashAt): Uint8Array[] {
  return inclusionProofRanges(index, size).map((r) => rangeHash(r.start, r.end, hashAt));
}

export function proveConsistency(oldSize: number, newSize: number, hashAt: HashAt): Uint8Array[] {
  return consistencyProofRanges(oldSize, newSize).map((r) => rangeHash(r.start, r.end, hashAt));
}
