"""The manifest: its shape, and its signature (EIP-712 by the attestation key, domain {name:
"ctxlog", version: "1"}, over EvidenceManifest(bytes32 manifestHash), where manifestHash is
keccak256 of the RFC 8785 form of the manifest without its `signature`), as manifest.ts."""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Optional, Sequence

from ..canonical import canonicalize
from ..chain_entry import RECEIPT_DOMAIN_SEPARATOR
from ..keccak import keccak256
from ..secp256k1 import recover_address
from ._js import UNDEFINED, date_parse, is_safe_int, js_str

__all__ = ["PACK_FORMAT", "PACK_FORMATS", "MANIFEST_FILE", "PACK_FILES", "manifest_hash", "manifest_digest",
           "manifest_shape_problem", "manifest_signature_problem", "is_hash32", "is_iso_ms"]

#: the format packs are written in: 2 may hold anchors of the transparency log's tree head
PACK_FORMAT = "ctxlog-evidence/2"
#: the formats a verifier reads: 1 is 2 without tree-head anchors (no pack of 1 holds one)
PACK_FORMATS = ("ctxlog-evidence/1", PACK_FORMAT)
MANIFEST_FILE = "manifest.json"
#: every file of a pack besides the manifest, in the order the manifest lists and the verifier hashes them
PACK_FILES = ("entries.ndjson", "anchors.json", "signers.json", "completeness.json", "erasures.ndjson",
              "activity.json", "policy.json", "report.html")
MANIFEST_TYPEHASH = keccak256(b"EvidenceManifest(bytes32 manifestHash)")

HASH32 = re.compile(r"^0x[0-9a-fA-F]{64}\Z")
ADDRESS = re.compile(r"^0x[0-9a-fA-F]{40}\Z")
SIGNATURE = re.compile(r"^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})\Z")
ISO_MS = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\Z", re.ASCII)
SHA256 = re.compile(r"^[0-9a-f]{64}\Z")


def is_hash32(v: Any) -> bool:
    return isinstance(v, str) and bool(HASH32.match(v))


def is_iso_ms(v: Any) -> bool:
    return isinstance(v, str) and bool(ISO_MS.match(v))


def manifest_hash(manifest: Dict[str, Any]) -> bytes:
    """keccak256 of the canonical manifest without `signature`: what the signature covers."""
    signed = {k: v for k, v in manifest.items() if k != "signature"}
    return keccak256(canonicalize(signed).encode("utf-8"))


def manifest_digest(manifest: Dict[str, Any]) -> bytes:
    """The EIP-712 digest the attestation key signs: keccak256(0x1901 ‖ domain ‖ hashStruct)."""
    struct = keccak256(MANIFEST_TYPEHASH + manifest_hash(manifest))
    return keccak256(b"\x19\x01" + RECEIPT_DOMAIN_SEPARATOR + struct)


def _count(v: Any) -> bool:
    return is_safe_int(v) and v >= 0


def manifest_shape_problem(m: Any) -> Optional[str]:
    """Why the parsed manifest.json is not a manifest of a format the verifier reads, or None."""
    if not isinstance(m, dict):
        return "the manifest is not a JSON object"
    if not isinstance(m.get("format"), str) or m["format"] not in PACK_FORMATS:
        return "format is %s, not %s" % (_stringify(m.get("format", UNDEFINED)),
                                         " or ".join('"%s"' % f for f in PACK_FORMATS))
    if not isinstance(m.get("user_id"), str) or not isinstance(m.get("agent_id"), str):
        return "user_id and agent_id must be strings"
    r = m.get("range")
    if not isinstance(r, dict) or not ISO_MS.match(js_str(r.get("from"))) or not ISO_MS.match(js_str(r.get("to"))):
        return "range must be {from, to}, ISO 8601 UTC with milliseconds"
    start, end = date_parse(r["from"]), date_parse(r["to"])
    if start is None or end is None or not start < end:
        return "range.from must be before range.to"
    seq = m.get("sequence_range", 0)
    if seq is not None and not (isinstance(seq, dict) and is_safe_int(seq.get("first")) and is_safe_int(
            seq.get("last")) and seq["first"] >= 1 and seq["last"] >= seq["first"]):
        return "sequence_range must be {first, last} with 1 ≤ first ≤ last, or null"
    c = m.get("counts")
    if not isinstance(c, dict) or not all(_count(c.get(k)) for k in ("entries", "erased", "anchors", "erasures")):
        return "counts must be {entries, erased, anchors, erasures}, integers ≥ 0"
    files = m.get("files")
    if not isinstance(files, dict):
        return "files must be an object"
    if len(files) != len(PACK_FILES) or any(f not in files for f in PACK_FILES):
        return "files must list exactly %s" % ", ".join(PACK_FILES)
    for name in PACK_FILES:
        f = files[name]
        if not isinstance(f, dict) or not isinstance(f.get("sha256"), str) or not SHA256.match(
                f["sha256"]) or not _count(f.get("bytes")):
            return 'files["%s"] must be {sha256: 64 lowercase hex digits, bytes}' % name
    if not ISO_MS.match(js_str(m.get("created_at"))):
        return "created_at must be ISO 8601 UTC with milliseconds"
    if not isinstance(m.get("created_by"), str) or m["created_by"] == "":
        return "created_by must be a non-empty string"
    if not isinstance(m.get("signer"), str) or not ADDRESS.match(m["signer"]):
        return "signer must be a 20-byte 0x-hex address"
    if not isinstance(m.get("signature"), str) or not SIGNATURE.match(m["signature"]):
        return "signature must be 65 bytes of 0x-hex"
    return None


def _stringify(v: Any) -> str:
    return "undefined" if v is UNDEFINED else json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def manifest_signature_problem(m: Dict[str, Any], trusted_signers: Optional[Sequence[str]] = None) -> Optional[str]:
    """Why the manifest's signature is not by its signer (or a trusted key), or None."""
    try:
        recovered = recover_address(manifest_digest(m), m["signature"])
    except (ValueError, TypeError) as error:
        return "the signature does not recover: %s" % str(error).split("\n")[0]
    if recovered.lower() != m["signer"].lower():
        return "the signature recovers %s, not the manifest's signer %s" % (recovered, m["signer"])
    if trusted_signers is not None and not any(s.lower() == recovered.lower() for s in trusted_signers):
        return "the manifest's signer %s is not a trusted attestation key" % recovered
    return None
