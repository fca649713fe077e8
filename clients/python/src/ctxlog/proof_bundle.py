"""Field rules of a proof bundle (packages/sdk/src/proof-bundle.ts): the runtime shape check that
runs before each check reads a field, so a malformed field fails the check that needs it."""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, List, Optional, Sequence

__all__ = ["field_problems", "check_proof_bundle", "bundle_version", "V3_DOMAIN"]

ADDRESS = re.compile(r"^0x[0-9a-fA-F]{40}$")
BYTES32 = re.compile(r"^0x[0-9a-fA-F]{64}$")
SIGNATURE = re.compile(r"^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$")
V3_DOMAIN = {"name": "ctxlog", "version": "1"}
_MAX_SAFE = 2**53 - 1

Rule = Callable[[Any], Optional[str]]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -_MAX_SAFE <= v <= _MAX_SAFE


def _str(v: Any) -> Optional[str]:
    return None if isinstance(v, str) and v else "must be a non-empty string"


def _literal(expected: str) -> Rule:
    return lambda v: None if v == expected else 'must be "%s" (this verifier knows no other), got %s' % (
        expected, json.dumps(v))


def _matches(pattern: "re.Pattern[str]", what: str) -> Rule:
    return lambda v: None if isinstance(v, str) and pattern.match(v) else "must be " + what


def _integer(minimum: int) -> Rule:
    return lambda v: None if _is_int(v) and v >= minimum else "must be an integer ≥ %d" % minimum


def _context(v: Any) -> Optional[str]:
    if not isinstance(v, dict):
        return "must be an object {agent_id, context_data, metadata}"
    if not isinstance(v.get("agent_id"), str):
        return "agent_id must be a string"
    # None: erased (with canonical_context None); the data checks are then unavailable
    if v.get("context_data") is not None and not isinstance(v.get("context_data"), dict):
        return "context_data must be an object or null"
    if v.get("metadata") is not None and not isinstance(v.get("metadata"), dict):
        return "metadata must be an object"
    return None


def _proof(v: Any) -> Optional[str]:
    if isinstance(v, list) and all(isinstance(p, str) and BYTES32.match(p) for p in v):
        return None
    return "must be an array of 32-byte 0x-hex strings"


def _signature_scheme(bundle: Dict[str, Any]) -> Rule:
    return _literal("EIP-712" if bundle.get("version") in (3, 4) else "EIP-191")


def _merkle_algorithm(bundle: Dict[str, Any]) -> Rule:
    # version 4: the context's leaf in the transparency log (RFC 6962), not a batch's tree
    return _literal("RFC6962-SHA256" if bundle.get("version") == 4 else "sorted-pair-keccak256")


RULES: Dict[str, Rule] = {
    "context_id": _str,
    "context": _context,
    "canonical_context": lambda v: None if isinstance(v, str) or v is None else "must be a string (null once erased)",
    "canonicalization": _literal("RFC8785"),
    "hash_algorithm": _literal("keccak256"),
    "context_hash": _matches(BYTES32, "32-byte 0x-hex"),
    "signature": _matches(SIGNATURE, "a 65-byte 0x-hex signature"),
    "signer_address": _matches(ADDRESS, "a 20-byte 0x-hex address"),
    "merkle_algorithm": _literal("sorted-pair-keccak256"),  # version 4: _merkle_algorithm
    "leaf_index": _integer(0),
    "merkle_proof": _proof,
    "merkle_root": _matches(BYTES32, "32-byte 0x-hex"),
    "chain_id": _integer(1),
    "network": _str,
    "registry_address": _matches(ADDRESS, "a 20-byte 0x-hex address"),
    "transaction_hash": _matches(BYTES32, "32-byte 0x-hex"),
    "block_number": _integer(0),
    "required_confirmations": _integer(1),
}
CORE_FIELDS = list(RULES) + ["signature_scheme"]


def field_problems(bundle: Any, fields: Sequence[str]) -> List[str]:
    """Problems with the named fields of an untrusted bundle, as "field problem" strings."""
    if not isinstance(bundle, dict):
        return ["the proof bundle is not a JSON object"]
    problems = []
    for name in fields:
        rule = _signature_scheme(bundle) if name == "signature_scheme" else _merkle_algorithm(bundle) \
            if name == "merkle_algorithm" else RULES[name]
        problem = "is missing" if name not in bundle else rule(bundle[name])
        if problem:
            problems.append("%s %s" % (name, problem))
    return problems


def check_proof_bundle(value: Any) -> List[str]:
    """Shape problems of a bundle (empty when well-formed). Whether it is *true* is verify_proof's."""
    return field_problems(value, CORE_FIELDS)


def erased_at(bundle: Any) -> Optional[str]:
    """When the bundle's data was erased (canonical_context and context.context_data null): its
    `data_erased_at`, "" when absent; None for a bundle that has its data."""
    if not isinstance(bundle, dict) or bundle.get("canonical_context", "") is not None:
        return None
    context = bundle.get("context")
    if not isinstance(context, dict) or context.get("context_data", "") is not None:
        return None
    at = bundle.get("data_erased_at")
    return at if isinstance(at, str) else ""


def with_held_data(bundle: Any, held: Dict[str, Any]) -> Any:
    """The bundle with the data its holder kept ({agent_id, context_data, metadata}) in place of its
    own: `context` and its RFC 8785 `canonical_context`, held to the bundle's context_hash."""
    from .canonical import CanonicalizationError, canonicalize

    if not isinstance(bundle, dict):
        return bundle
    context = {"agent_id": held.get("agent_id"), "context_data": held.get("context_data"),
               "metadata": held.get("metadata") if held.get("metadata") is not None else {}}
    try:
        canonical: Optional[str] = canonicalize(context)
    except (CanonicalizationError, TypeError, ValueError):
        canonical = None  # the canonical_context check then fails, naming the field
    return dict(bundle, context=context, canonical_context=canonical)


def bundle_version(bundle: Dict[str, Any]) -> Any:
    """1 (absent or null too), 2, 3, 4, or whatever unknown value the bundle carries."""
    version = bundle.get("version")
    return 1 if version is None else version


def chain_link_problem(bundle: Dict[str, Any]) -> Optional[str]:
    """Why a version 2, 3 or 4 bundle's log fields are unusable, or None."""
    if not isinstance(bundle.get("user_id"), str) or not _is_int(bundle.get("sequence")) or not isinstance(
            bundle.get("prev_entry_hash"), str) or not isinstance(bundle.get("entry_hash"), str):
        return "a version %s bundle needs user_id, sequence, prev_entry_hash and entry_hash" % bundle.get("version")
    return None
