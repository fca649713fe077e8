"""RFC 6962 §2.1 tree hashes and proofs (PATH, PROOF) over leaf hashes held in memory, leaf side
first, as packages/core/src/tlog/prove.ts writes them: for tests and tools that build a tree
(a verifier needs only verify_proofs)."""

from __future__ import annotations

from typing import List, Sequence, Tuple

from .errors import TlogError
from .rfc6962 import check_tree_size, empty_tree_hash, is_size, node_hash

__all__ = ["tree_hash", "prove_inclusion", "prove_consistency", "inclusion_proof_ranges",
           "consistency_proof_ranges"]

Range = Tuple[int, int]  # leaves [start, end)


def _split_point(n: int) -> int:
    """The largest power of two strictly below n (n ≥ 2)."""
    k = 1
    while k * 2 < n:
        k *= 2
    return k


def _range_hash(leaf_hashes: Sequence[bytes], start: int, end: int) -> bytes:
    if end - start == 1:
        return leaf_hashes[start]
    k = _split_point(end - start)
    return node_hash(_range_hash(leaf_hashes, start, start + k), _range_hash(leaf_hashes, start + k, end))


def tree_hash(leaf_hashes: Sequence[bytes]) -> bytes:
    """MTH of the leaves whose leaf hashes are given (the empty tree's hash for none)."""
    return _range_hash(leaf_hashes, 0, len(leaf_hashes)) if leaf_hashes else empty_tree_hash()


def inclusion_proof_ranges(index: int, size: int) -> List[Range]:
    check_tree_size(size)
    if not is_size(index) or index >= size:
        raise TlogError("invalid_argument", "leaf index must be below the tree size",
                        "index %r, tree size %d" % (index, size))
    ranges: List[Range] = []
    start, end = 0, size
    while end - start > 1:
        k = _split_point(end - start)
        if index < start + k:
            ranges.append((start + k, end))
            end = start + k
        else:
            ranges.append((start, start + k))
            start += k
    return ranges[::-1]


def consistency_proof_ranges(old_size: int, new_size: int) -> List[Range]:
    check_tree_size(old_size, "old tree size")
    check_tree_size(new_size, "new tree size")
    if old_size > new_size:
        raise TlogError("invalid_argument", "the old tree is larger than the new one",
                        "old size %d, new size %d" % (old_size, new_size))
    if old_size in (0, new_size):
        return []
    ranges: List[Range] = []
    start, end, whole = 0, new_size, True  # whole: the range's left edge is the old tree's
    while True:
        m = old_size - start
        if m == end - start:
            if not whole:
                ranges.append((start, end))
            break
        k = _split_point(end - start)
        if m <= k:
            ranges.append((start + k, end))
            end = start + k
        else:
            ranges.append((start, start + k))
            start += k
            whole = False
    return ranges[::-1]


def prove_inclusion(index: int, leaf_hashes: Sequence[bytes]) -> List[bytes]:
    """The inclusion proof of leaf `index` in the tree of all the leaves given."""
    return [_range_hash(leaf_hashes, s, e) for s, e in inclusion_proof_ranges(index, len(leaf_hashes))]


def prove_consistency(old_size: int, leaf_hashes: Sequence[bytes]) -> List[bytes]:
    """The consistency proof from the tree of the first `old_size` leaves to the tree of all."""
    return [_range_hash(leaf_hashes, s, e) for s, e in consistency_proof_ranges(old_size, len(leaf_hashes))]
