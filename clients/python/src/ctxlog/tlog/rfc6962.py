"""RFC 6962 §2.1 hashing with SHA-256 (packages/core/src/tlog/rfc6962.ts). ctxlog's leaves are the
entry hashes' 32 bytes, so a leaf hash is SHA-256(0x00 ‖ entry hash)."""

from __future__ import annotations

from typing import Any

from ._bytes import sha256
from .errors import TlogError

__all__ = ["HASH_SIZE", "MAX_TREE_SIZE", "leaf_hash", "node_hash", "empty_tree_hash", "check_tree_size"]

HASH_SIZE = 32
#: the TypeScript holds sizes in JavaScript numbers: both refuse larger ones, so both read the same
MAX_TREE_SIZE = 2**53 - 1


def leaf_hash(leaf: bytes) -> bytes:
    return sha256(b"\x00", leaf)


def node_hash(left: bytes, right: bytes) -> bytes:
    return sha256(b"\x01", left, right)


def empty_tree_hash() -> bytes:
    """MTH({}): SHA-256 of nothing."""
    return sha256()


def is_size(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_TREE_SIZE


def check_tree_size(size: Any, what: str = "tree size") -> None:
    if not is_size(size):
        raise TlogError("invalid_argument", "%s must be an integer from 0 to 2^53 − 1" % what, "got %r" % (size,))
