"""The checks of one entry of entries.ndjson that need nothing but the entry: its shape, its
signature (by version: 3 the EIP-712 receipt, 2 EIP-191 over context_hash) and its Merkle proof
(a version 4 entry's, RFC 6962 inclusion, is tree_head.py's),
as packages/sdk/src/audit/entry-checks.ts and bundle-signature.ts word them. The content check
(canonical form, context_hash, entry_hash) is audit.py's, which words it the same already."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence

from ..audit import _content_problem as content_problem  # noqa: F401 - re-exported for check_entries
from ..audit import _ProvenNodes as ProvenNodes  # noqa: F401
from ..audit import _proof_problem as proof_problem  # noqa: F401 - the audit's check, one copy
from ..chain_entry import receipt_digest
from ..secp256k1 import eip191_digest, recover_address
from ._js import UNDEFINED, date_parse, is_safe_int, js_str
from .manifest import ADDRESS, SIGNATURE, is_hash32, is_iso_ms
from .tree_head import tree_head_entry_shape_problem

__all__ = ["entry_shape_problem", "content_problem", "signature_problem", "proof_problem", "ProvenNodes"]


def _context_problem(v: Any) -> Optional[str]:
    if not isinstance(v, dict):
        return "must be an object {agent_id, context_data, metadata}"
    if not isinstance(v.get("agent_id"), str):
        return "agent_id must be a string"
    # null: erased (with canonical_context null); the data checks are then unavailable
    if v.get("context_data") is not None and not isinstance(v["context_data"], dict):
        return "context_data must be an object or null"
    if v.get("metadata") is not None and not isinstance(v["metadata"], dict):
        return "metadata must be an object"
    return None


_RULES = {
    "context_id": lambda v: None if isinstance(v, str) and v else "must be a non-empty string",
    "context": _context_problem,
    "canonical_context": lambda v: None if isinstance(v, str) or v is None else "must be a string (null once erased)",
    "context_hash": lambda v: None if is_hash32(v) else "must be 32-byte 0x-hex",
    "signature": lambda v: None if isinstance(v, str) and SIGNATURE.match(v) else "must be a 65-byte 0x-hex signature",
    "signer_address": lambda v: None if isinstance(v, str) and ADDRESS.match(v) else "must be a 20-byte 0x-hex address",
}


def _stringify(v: Any) -> str:
    return "undefined" if v is UNDEFINED else json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def entry_shape_problem(line: Any) -> Optional[str]:
    """Why a line cannot be an entry of a log, or None."""
    if not isinstance(line, dict):
        return "the proof bundle is not a JSON object"
    problems = ["%s %s" % (name, "is missing" if name not in line else rule(line[name]))
                for name, rule in _RULES.items() if name not in line or rule(line[name])]
    if problems:
        return "; ".join(problems)
    version = line.get("version", UNDEFINED)
    if not is_safe_int(version) or version not in (2, 3, 4):
        return "version is %s, not 2, 3 or 4 (an entry of an agent log)" % _stringify(version)
    if not isinstance(line.get("user_id"), str):
        return "user_id must be a string"
    if not is_safe_int(line.get("sequence")) or line["sequence"] < 1:
        return "sequence must be an integer ≥ 1"
    if not is_hash32(line.get("prev_entry_hash")):
        return "prev_entry_hash must be 32-byte 0x-hex"
    if not is_hash32(line.get("entry_hash")):
        return "entry_hash must be 32-byte 0x-hex"
    # a version 4 bundle (a tree head's entry) holds version 3's fields, and its log's
    return tree_head_entry_shape_problem(line) if version == 4 else None


def _recover_bundle_signer(b: Dict[str, Any]) -> str:
    v3 = b["version"] == 3
    if v3 != (b.get("signature_scheme") == "EIP-712"):
        raise ValueError("signature_scheme %s does not go with version %s" % (
            js_str(b.get("signature_scheme", UNDEFINED)), b["version"]))
    if not v3:
        return recover_address(eip191_digest(bytes.fromhex(b["context_hash"][2:])), b["signature"])
    domain = b.get("eip712_domain")
    if not isinstance(domain, dict) or domain.get("name") != "ctxlog" or domain.get("version") != "1":
        raise ValueError('eip712_domain must be {"name":"ctxlog","version":"1"}')
    if not (isinstance(b.get("user_id"), str) and is_safe_int(b.get("sequence"))
            and isinstance(b.get("prev_entry_hash"), str) and is_iso_ms(b.get("received_at"))):
        raise ValueError("a version 3 bundle needs user_id, sequence, prev_entry_hash and received_at (ISO, ms)")
    received_at = date_parse(b["received_at"])
    if received_at is None:
        raise ValueError("received_at is not a date: %s" % b["received_at"])
    digest = receipt_digest(b["context_hash"], b["user_id"], b["context"]["agent_id"], b["sequence"],
                            b["prev_entry_hash"], received_at)
    return recover_address(digest, b["signature"])


def signature_problem(e: Dict[str, Any], trusted: Optional[Sequence[str]] = None) -> Optional[str]:
    """Whether the entry's one signature is by signer_address (and a trusted key)."""
    try:
        recovered = _recover_bundle_signer(e)
    except ValueError as error:
        return "its signature does not recover: %s" % str(error).split("\n")[0]
    if recovered.lower() != e["signer_address"].lower():
        return "its signature recovers %s, not %s" % (recovered, e["signer_address"])
    if trusted is not None and not any(t.lower() == recovered.lower() for t in trusted):
        return "its signer %s is not a trusted attestation key" % recovered
    return None
