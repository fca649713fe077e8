"""The service's "sorted-pair-keccak256" Merkle tree (OpenZeppelin's MerkleProof): parent =
keccak256(min(a, b) || max(a, b)) compared as bytes; an odd node is promoted unchanged; a one-leaf
tree has root = leaf and an empty proof."""

from __future__ import annotations

import re
from typing import List, Sequence

from .keccak import keccak256

__all__ = ["process_merkle_proof", "verify_merkle_proof", "build_merkle_tree"]

BYTES32 = re.compile(r"^0x[0-9a-fA-F]{64}$")


def hash_pair(a: bytes, b: bytes) -> bytes:
    return keccak256(a + b if a <= b else b + a)


def process_merkle_proof(leaf: str, proof: Sequence[str]) -> str:
    """The root that `proof` folds `leaf` into (lower-case 0x-hex). Raises ValueError on bad hex."""
    if not isinstance(leaf, str) or not BYTES32.match(leaf):
        raise ValueError("leaf must be 32-byte hex")
    node = bytes.fromhex(leaf[2:])
    for i, sibling in enumerate(proof):
        if not isinstance(sibling, str) or not BYTES32.match(sibling):
            raise ValueError("proof element %d must be 32-byte hex" % i)
        node = hash_pair(node, bytes.fromhex(sibling[2:]))
    return "0x" + node.hex()


def verify_merkle_proof(leaf: str, proof: Sequence[str], root: str) -> bool:
    """Whether `proof` takes `leaf` to `root`. Never raises: malformed input is simply not a proof."""
    try:
        return isinstance(root, str) and bool(BYTES32.match(root)) and process_merkle_proof(leaf, proof) == root.lower()
    except ValueError:
        return False


def build_merkle_tree(leaves: Sequence[str]) -> "tuple[str, List[List[str]]]":
    """(root, proofs) for the leaves, as the service builds its batches (for tests and tools)."""
    if not leaves:
        raise ValueError("a tree needs at least one leaf")
    level = [bytes.fromhex(leaf[2:]) for leaf in leaves]
    positions = list(range(len(leaves)))  # index of each leaf's node in the current level
    proofs: List[List[str]] = [[] for _ in leaves]
    while len(level) > 1:
        for leaf, at in enumerate(positions):
            sibling = at ^ 1
            if sibling < len(level):
                proofs[leaf].append("0x" + level[sibling].hex())
        level = [hash_pair(level[i], level[i + 1]) if i + 1 < len(level) else level[i] for i in range(0, len(level), 2)]
        positions = [at // 2 for at in positions]
    return "0x" + level[0].hex(), proofs
