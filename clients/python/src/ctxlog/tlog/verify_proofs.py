"""RFC 9162 §2.1.3.2 (inclusion) and §2.1.4.2 (consistency) verification, as
packages/core/src/tlog/verify-proofs.ts: the same refusals, in the same order. Where RFC 9162 says
nothing, as Go's tlog and transparency-dev/merkle: equal sizes need an empty proof and equal roots;
from the empty tree the proof is empty."""

from __future__ import annotations

import hmac
from typing import Any, List, Sequence

from .errors import TlogError
from .rfc6962 import HASH_SIZE, check_tree_size, is_size, node_hash

__all__ = ["MAX_PROOF_HASHES", "root_from_inclusion_proof", "verify_inclusion", "verify_consistency"]

#: no proof in a tree of at most 2^53 − 1 leaves has more hashes: longer input is refused unread
MAX_PROOF_HASHES = 64


def _is_hash(value: Any) -> bool:
    return isinstance(value, (bytes, bytearray)) and len(value) == HASH_SIZE


def _check_proof_hashes(proof: Sequence[Any], what: str) -> None:
    if len(proof) > MAX_PROOF_HASHES:
        raise TlogError("too_large", "%s has more than %d hashes" % (what, MAX_PROOF_HASHES),
                        "%d hashes" % len(proof))
    for i, h in enumerate(proof):
        if not _is_hash(h):
            raise TlogError("malformed", "%s hash %d is not %d bytes" % (what, i, HASH_SIZE))


def _check_hash(value: Any, what: str) -> None:
    if not _is_hash(value):
        raise TlogError("malformed", "%s is not %d bytes" % (what, HASH_SIZE))


def root_from_inclusion_proof(index: int, size: int, leaf_hash: bytes, proof: Sequence[bytes]) -> bytes:
    """The root the proof implies; TlogError("proof_failed") when its length does not fit the index
    and size."""
    check_tree_size(size)
    _check_hash(leaf_hash, "leaf hash")
    _check_proof_hashes(proof, "inclusion proof")
    if not is_size(index) or index >= size:
        raise TlogError("invalid_argument", "leaf index must be below the tree size",
                        "index %r, tree size %d" % (index, size))
    fn, sn, r = index, size - 1, bytes(leaf_hash)
    for p in proof:
        if sn == 0:
            raise TlogError("proof_failed", "inclusion proof is longer than the tree is deep")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise TlogError("proof_failed", "inclusion proof is shorter than the tree is deep")
    return r


def verify_inclusion(index: int, size: int, leaf_hash: bytes, proof: Sequence[bytes], root: bytes) -> None:
    """Raises TlogError("proof_failed") unless the proof shows the leaf at `index` under `root`."""
    _check_hash(root, "root hash")
    computed = root_from_inclusion_proof(index, size, leaf_hash, proof)
    if not hmac.compare_digest(computed, bytes(root)):
        raise TlogError("proof_failed", "inclusion proof does not lead to the root hash")


def _is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def verify_consistency(old_size: int, new_size: int, old_root: bytes, new_root: bytes,
                       proof: Sequence[bytes]) -> None:
    """Raises TlogError("proof_failed") unless the proof shows (old_size, old_root) to be a prefix
    of (new_size, new_root)."""
    check_tree_size(old_size, "old tree size")
    check_tree_size(new_size, "new tree size")
    _check_hash(old_root, "old root hash")
    _check_hash(new_root, "new root hash")
    _check_proof_hashes(proof, "consistency proof")
    if old_size > new_size:
        raise TlogError("invalid_argument", "the old tree is larger than the new one",
                        "old size %d, new size %d" % (old_size, new_size))
    if old_size == new_size or old_size == 0:
        if proof:
            raise TlogError("proof_failed", "consistency proof must be empty for these sizes")
        if old_size == new_size and not hmac.compare_digest(bytes(old_root), bytes(new_root)):
            raise TlogError("proof_failed", "two trees of the same size have different roots")
        return
    if not proof:
        raise TlogError("proof_failed", "consistency proof is empty")
    # an old tree that is a complete subtree is its own first proof element
    path: List[bytes] = [bytes(old_root)] + list(proof) if _is_power_of_two(old_size) else list(proof)
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise TlogError("proof_failed", "consistency proof is longer than the tree is deep")
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise TlogError("proof_failed", "consistency proof is shorter than the tree is deep")
    if not hmac.compare_digest(fr, bytes(old_root)):
        raise TlogError("proof_failed", "consistency proof does not lead to the old root")
    if not hmac.compare_digest(sr, bytes(new_root)):
        raise TlogError("proof_failed", "consistency proof does not lead to the new root")
