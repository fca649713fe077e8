"""Anchors of the transparency log's tree head (pack format 2, issue 43; tree-head.ts): the anchor
record's `tree_head` (the checkpoint the log signed for the anchored size) and the version 4
entries it anchors (RFC 6962 inclusion at leaf_index in that tree). Unless the caller pins the
log's key (log_key.py), it is the pack's own word, as signers.json is: the pack proves the
checkpoint consistent with it, not that it is ctxlog's."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence

from ..tlog import (SIGNATURE_TYPE_ED25519, TlogError, WitnessPolicy, leaf_hash, open_checkpoint, parse_verifier_key,
                    verify_inclusion)
from ._js import UNDEFINED, is_safe_int
from .failure import fail_at
from .log_key import pinned_log_key_problem
from .manifest import is_hash32
from .witnesses import cosignature_problem

__all__ = ["RFC6962", "ProvenTreeHead", "check_tree_head", "tree_head_entry_shape_problem", "inclusion_problem",
           "tree_head_reference_problem"]

FILE = "anchors.json"
RFC6962 = "RFC6962-SHA256"


@dataclass
class ProvenTreeHead:
    tree_size: int
    #: the checkpoint's root, lowercase: the root the transaction anchored
    root: str
    origin: str
    verifier_key: str
    checkpoint: str


def _size(v: Any) -> bool:
    return is_safe_int(v) and v >= 1


def _non_empty(v: Any) -> bool:
    return isinstance(v, str) and len(v) > 0


def _words(error: Exception) -> str:
    """A TlogError's words without its details (each language words the details its own way)."""
    return error.short_message if isinstance(error, TlogError) else str(error).split("\n")[0]


def check_tree_head(tree_head: Any, at: str, tx: str, counts: Dict[str, int],
                    witness_policy: Optional[WitnessPolicy] = None,
                    log_keys: Optional[Sequence[str]] = None) -> ProvenTreeHead:
    """The anchor record's `tree_head`, checked against the Anchored logs of its receipt: the
    checkpoint is signed by `verifier_key`, one of the pinned `log_keys` (canonical) when given, for
    `origin` and is of `tree_size` leaves (checkpoint_signature), the transaction anchored its root
    with `tree_size` as the count (anchored_log), and, given a witness policy, the checkpoint
    carries the cosignatures it asks for (witness_cosignatures)."""
    where = at + ".tree_head"
    if not (isinstance(tree_head, dict) and _size(tree_head.get("tree_size")) and _non_empty(tree_head.get("origin"))
            and _non_empty(tree_head.get("verifier_key")) and _non_empty(tree_head.get("checkpoint"))):
        fail_at(FILE, None, "anchor_shape", "must be {tree_size, origin, verifier_key, checkpoint}", where)
    size = tree_head["tree_size"]
    try:
        key = parse_verifier_key(tree_head["verifier_key"])
        if key.type != SIGNATURE_TYPE_ED25519:
            raise ValueError("verifier_key is not an Ed25519 note key (type 0x01)")
        unpinned = log_keys is not None and pinned_log_key_problem(key, tree_head["verifier_key"], log_keys)
        if unpinned:
            raise ValueError(unpinned)
        opened = open_checkpoint(tree_head["checkpoint"], tree_head["origin"], key)
        if opened.checkpoint.size != size:
            raise ValueError("the checkpoint is of %d leaves, tree_size says %d" % (opened.checkpoint.size, size))
        root = "0x" + opened.checkpoint.root_hash.hex()
    except Exception as error:  # noqa: BLE001 - whatever does not open fails the check
        return fail_at(FILE, None, "checkpoint_signature", _words(error), where)
    count = counts.get(root)
    if count is None:
        fail_at(FILE, None, "anchored_log", "no Anchored log of the checkpoint's root %s in the receipt of %s" % (
            root, tx), where)
    if count != size:
        fail_at(FILE, None, "anchored_log", "the Anchored log of root %s counts %d leaves, the tree head is of %d" % (
            root, count, size), where)
    if witness_policy is not None:
        cosigned = cosignature_problem(tree_head["checkpoint"], tree_head["origin"], tree_head["verifier_key"],
                                       witness_policy, "the given policy")
        if cosigned:
            fail_at(FILE, None, "witness_cosignatures", cosigned, where)
    return ProvenTreeHead(size, root, tree_head["origin"], tree_head["verifier_key"], tree_head["checkpoint"])


def _stringify(v: Any) -> str:
    return "undefined" if v is UNDEFINED else json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def tree_head_entry_shape_problem(line: Dict[str, Any]) -> Optional[str]:
    """Why a version 4 line is not one of a tree-head anchor (beyond version 3's fields), or None."""
    problems = []
    if line.get("merkle_algorithm", UNDEFINED) != RFC6962:
        problems.append('merkle_algorithm is %s, not "%s"' % (_stringify(line.get("merkle_algorithm", UNDEFINED)),
                                                             RFC6962))
    if not is_safe_int(line.get("leaf_index")) or line["leaf_index"] < 0:
        problems.append("leaf_index must be an integer ≥ 0")
    log = line.get("log")
    if not isinstance(log, dict):
        problems.append("log is missing (a version 4 bundle carries the log's checkpoint and proofs)")
        return "; ".join(problems)
    for name in ("origin", "verifier_key", "checkpoint"):
        if not _non_empty(log.get(name)):
            problems.append("log.%s must be a non-empty string" % name)
    for name in ("tree_size", "anchored_tree_size"):
        if not _size(log.get(name)):
            problems.append("log.%s must be an integer from 1 to 2^53 − 1" % name)
    proof = log.get("consistency_proof")
    if not isinstance(proof, list) or not all(is_hash32(h) for h in proof):
        problems.append("log.consistency_proof must be an array of 32-byte 0x-hex strings")
    return "; ".join(problems) if problems else None


def inclusion_problem(e: Dict[str, Any]) -> Optional[str]:
    """merkle_proof of a version 4 entry: SHA-256(0x00 ‖ entry_hash) at leaf_index, under
    merkle_root, in the anchored tree."""
    proof = e.get("merkle_proof")
    if not isinstance(proof, list) or not all(is_hash32(p) for p in proof) or not is_hash32(e.get("merkle_root")):
        return "its Merkle proof or root is malformed"
    size = e["log"]["anchored_tree_size"]
    try:
        verify_inclusion(e["leaf_index"], size, leaf_hash(bytes.fromhex(e["entry_hash"][2:])),
                         [bytes.fromhex(p[2:]) for p in proof], bytes.fromhex(e["merkle_root"][2:]))
    except TlogError as error:
        return "the RFC 6962 proof of entry_hash at leaf_index %d in the tree of %d leaves fails: %s" % (
            e["leaf_index"], size, _words(error))
    return None


def tree_head_reference_problem(e: Dict[str, Any], head: ProvenTreeHead) -> Optional[str]:
    """Whether the entry's `log` is its anchor's tree head: the same log, key, checkpoint and size."""
    log = e["log"]
    if (log["origin"] != head.origin or log["verifier_key"] != head.verifier_key or log["checkpoint"] != head.checkpoint
            or log["tree_size"] != head.tree_size or log["anchored_tree_size"] != head.tree_size
            or len(log["consistency_proof"]) != 0):
        return ("entry %d's log is not its anchor's tree head of %d leaves (origin, verifier_key, checkpoint, tree "
                "sizes, no consistency proof)" % (e["sequence"], head.tree_size))
    if e["merkle_root"].lower() != head.root:
        return "entry %d's merkle_root %s is not its anchor's tree head root %s" % (
            e["sequence"], e["merkle_root"], head.root)
    return None
