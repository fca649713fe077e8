"""The checks of one export line that need nothing but the line: its shape, hashes, signature and
Merkle proof (packages/sdk/src/audit/entry-checks.ts)."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Dict, List, Optional, Sequence, Set

from .audit_log import entry_log_problem, log_proof_problem
from .canonical import CanonicalizationError, canonicalize
from .chain_entry import HASH32, compute_entry_hash, parse_timestamp_ms, receipt_digest
from .keccak import keccak256_hex
from .merkle import hash_pair
from .proof_bundle import V3_DOMAIN, erased_at, field_problems
from .secp256k1 import eip191_digest, recover_address

__all__ = ["ProvenNodes", "shape_problem", "content_problem", "signature_problem", "proof_problem"]

_MAX_SAFE = 2**53 - 1


class ProvenNodes:
    """Merkle nodes known to fold into each of the last few roots (the batches in progress)."""

    def __init__(self, roots: int = 4) -> None:
        self.roots = roots
        self.by_root: "OrderedDict[str, Set[str]]" = OrderedDict()

    def of(self, root: str) -> Set[str]:
        nodes = self.by_root.get(root)
        if nodes is None:
            if len(self.by_root) >= self.roots:
                self.by_root.popitem(last=False)
            nodes = self.by_root[root] = set()
        return nodes


def shape_problem(e: Any) -> Optional[str]:
    problems = field_problems(e, ["context_id", "context", "canonical_context", "context_hash", "signature",
                                  "signer_address"])
    if problems:
        return "; ".join(problems)
    if e.get("version") not in (2, 3, 4):
        return "version is %s, not 2, 3 or 4 (an entry of an agent log)" % json.dumps(e.get("version"))
    if not isinstance(e.get("user_id"), str):
        return "user_id must be a string"
    seq = e.get("sequence")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= _MAX_SAFE:
        return "sequence must be an integer ≥ 1"
    if not HASH32.match(str(e.get("prev_entry_hash"))):
        return "prev_entry_hash must be 32-byte 0x-hex"
    if not HASH32.match(str(e.get("entry_hash"))):
        return "entry_hash must be 32-byte 0x-hex"
    if e.get("version") == 4:  # anchored by the log's tree head: its log fields are part of its shape
        return entry_log_problem(e)
    return None


def content_problem(e: Dict[str, Any]) -> Optional[str]:
    ctx = e["context"]
    if erased_at(e) is not None:
        return _entry_hash_problem(e)  # no data to hold to context_hash; the entry hash still binds it
    try:
        canonical = canonicalize({"agent_id": ctx["agent_id"], "context_data": ctx["context_data"],
                                  "metadata": {} if ctx.get("metadata") is None else ctx["metadata"]})
    except CanonicalizationError as error:
        return "its context cannot be canonicalized: %s" % error
    if canonical != e["canonical_context"]:
        return "its context is not its canonical_context"
    context_hash = keccak256_hex(canonical.encode("utf-8"))
    if context_hash != e["context_hash"].lower():
        return "its content hashes to %s, not %s" % (context_hash, e["context_hash"])
    return _entry_hash_problem(e)


def _entry_hash_problem(e: Dict[str, Any]) -> Optional[str]:
    entry_hash = compute_entry_hash(e["context_hash"], e["user_id"], e["context"]["agent_id"], e["sequence"],
                                    e["prev_entry_hash"])
    if entry_hash != e["entry_hash"].lower():
        return "its fields hash to %s, not its entry_hash %s" % (entry_hash, e["entry_hash"])
    return None


def signature_problem(e: Dict[str, Any], trusted: Optional[Sequence[str]]) -> Optional[str]:
    try:
        if e.get("version") in (3, 4):  # the one-signature bundle: the EIP-712 receipt signature
            if e.get("eip712_domain") != V3_DOMAIN:
                return "its eip712_domain is not %s" % V3_DOMAIN
            digest = receipt_digest(e["context_hash"], e["user_id"], e["context"]["agent_id"], e["sequence"],
                                    e["prev_entry_hash"], parse_timestamp_ms(e.get("received_at")))
        else:
            digest = eip191_digest(bytes.fromhex(e["context_hash"][2:]))
        recovered = recover_address(digest, e["signature"])
    except ValueError as error:
        return "its signature does not recover: %s" % error
    if recovered.lower() != e["signer_address"].lower():
        return "its signature recovers %s, not %s" % (recovered, e["signer_address"])
    if trusted is not None and not any(t.lower() == recovered.lower() for t in trusted):
        return "its signer %s is not a trusted attestation key" % recovered
    return None


def proof_problem(e: Dict[str, Any], proven: ProvenNodes) -> Optional[str]:
    """Whether the Merkle proof folds entry_hash into merkle_root (version 4: its leaf in the
    transparency log, audit_log.log_proof_problem)."""
    if e.get("version") == 4:
        return log_proof_problem(e)
    proof = e.get("merkle_proof")
    if not isinstance(proof, list) or not all(isinstance(p, str) and HASH32.match(p) for p in proof) or \
            not HASH32.match(str(e.get("merkle_root"))):
        return "its Merkle proof or root is malformed"
    root = e["merkle_root"].lower()
    known = proven.of(root)
    node = e["entry_hash"].lower()
    path: List[str] = []
    for sibling in proof:
        if node in known:
            break
        sibling = sibling.lower()
        path += [node, sibling]
        node = "0x" + hash_pair(bytes.fromhex(node[2:]), bytes.fromhex(sibling[2:])).hex()
    if node != root and node not in known:
        return "its Merkle proof reaches %s, not merkle_root %s" % (node, e["merkle_root"])
    if len(known) > 50_000:  # a batch of 10,000 leaves has fewer than 20,000 nodes: more is no tree
        known.clear()
    known.update(path)
    return None
