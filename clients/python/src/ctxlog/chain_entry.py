"""Agent logs: the entry hash (the Merkle leaf of version 2 and 3 bundles) and receipts, both
EIP-712 over the types the service signs (packages/core/src/chain-entry.ts), encoded by hand.

    LogEntry(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash)
    Receipt(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash,uint64 receivedAt)
    domain: EIP712Domain(string name,string version) = {"name": "ctxlog", "version": "1"}
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, Mapping, Optional, Sequence

from .keccak import keccak256
from .secp256k1 import recover_address

__all__ = ["ZERO_ENTRY_HASH", "RECEIPT_DOMAIN", "compute_entry_hash", "receipt_digest", "verify_receipt", "parse_timestamp_ms"]

ZERO_ENTRY_HASH = "0x" + "0" * 64
RECEIPT_DOMAIN = {"name": "ctxlog", "version": "1"}
HASH32 = re.compile(r"^0x[0-9a-fA-F]{64}$")

ENTRY_TYPEHASH = keccak256(
    b"LogEntry(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash)")
RECEIPT_TYPEHASH = keccak256(
    b"Receipt(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash,uint64 receivedAt)")


def domain_separator(domain: Mapping[str, str]) -> bytes:
    return keccak256(
        keccak256(b"EIP712Domain(string name,string version)")
        + keccak256(str(domain["name"]).encode("utf-8"))
        + keccak256(str(domain["version"]).encode("utf-8")))


RECEIPT_DOMAIN_SEPARATOR = domain_separator(RECEIPT_DOMAIN)
_MAX_SAFE = 2**53 - 1

_strings: dict = {}


def _string_hash(value: str) -> bytes:
    # an audit hashes the same user_id and agent_id for every entry of a log
    found = _strings.get(value)
    if found is None:
        if len(_strings) >= 64:
            _strings.clear()
        found = _strings[value] = keccak256(value.encode("utf-8"))
    return found


def _hash32(value: Any, name: str) -> bytes:
    if not isinstance(value, str) or not HASH32.match(value):
        raise ValueError("%s must be 32 bytes of 0x-hex" % name)
    return bytes.fromhex(value[2:])


def _uint64(value: Any, name: str) -> bytes:
    # the service writes safe integers only (JavaScript numbers)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_SAFE:
        raise ValueError("%s must be a uint64, got %r" % (name, value))
    return value.to_bytes(32, "big")


def _struct(typehash: bytes, context_hash: Any, user_id: Any, agent_id: Any, sequence: Any,
            prev_entry_hash: Any) -> bytes:
    if not isinstance(user_id, str) or not isinstance(agent_id, str):
        raise ValueError("user_id and agent_id must be strings")
    return (typehash + _hash32(context_hash, "context_hash") + _string_hash(user_id) + _string_hash(agent_id)
            + _uint64(sequence, "sequence") + _hash32(prev_entry_hash, "prev_entry_hash"))


def compute_entry_hash(context_hash: str, user_id: str, agent_id: str, sequence: int, prev_entry_hash: str) -> str:
    """EIP-712 hashStruct(LogEntry), as 0x-hex: the leaf of a version 2 (and 3) bundle."""
    return "0x" + keccak256(_struct(ENTRY_TYPEHASH, context_hash, user_id, agent_id, sequence, prev_entry_hash)).hex()


_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$")


def parse_timestamp_ms(value: Any) -> int:
    """Unix milliseconds of an ISO 8601 timestamp (what JavaScript's Date.parse gives for the
    service's `2026-01-31T12:00:00.123Z`), sub-millisecond digits dropped."""
    match = _ISO.match(value) if isinstance(value, str) else None
    if not match:
        raise ValueError("received_at is not an ISO 8601 timestamp: %r" % (value,))
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    offset = 0
    if zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        offset = sign * (int(zone[1:3]) * 60 + int(zone[4:6]))
    moment = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), tzinfo=timezone.utc)
    epoch_seconds = int((moment - datetime(1970, 1, 1, tzinfo=timezone.utc)).total_seconds())
    millis = int((fraction or "0").ljust(3, "0")[:3])
    return (epoch_seconds - offset * 60) * 1000 + millis


def receipt_digest(context_hash: str, user_id: str, agent_id: str, sequence: int, prev_entry_hash: str,
                   received_at_ms: int, domain: Optional[Mapping[str, str]] = None) -> bytes:
    """keccak256(0x1901 || domainSeparator || hashStruct(Receipt)): what a receipt (and a version 3
    bundle's signature) signs."""
    separator = RECEIPT_DOMAIN_SEPARATOR if domain is None else domain_separator(domain)
    struct = _struct(RECEIPT_TYPEHASH, context_hash, user_id, agent_id, sequence, prev_entry_hash)
    return keccak256(b"\x19\x01" + separator + keccak256(struct + _uint64(received_at_ms, "received_at")))


def receipt_digest_of(receipt: Mapping[str, Any]) -> bytes:
    """The digest of a receipt as POST /v1/contexts returns it (received_at an ISO timestamp)."""
    return receipt_digest(receipt["context_hash"], receipt["user_id"], receipt["agent_id"], receipt["sequence"],
                          receipt["prev_entry_hash"], parse_timestamp_ms(receipt["received_at"]))


def verify_receipt(receipt: Mapping[str, Any], trusted_signers: Optional[Sequence[str]] = None) -> Optional[str]:
    """Checks a receipt offline: its signature recovers `receipt["signer"]` (and, given
    trusted_signers, one of them). Returns the problem, or None when the receipt is genuine."""
    try:
        recovered = recover_address(receipt_digest_of(receipt), receipt["signature"])
    except (ValueError, KeyError, TypeError) as error:
        return "the receipt's signature does not recover: %s" % error
    if recovered.lower() != str(receipt.get("signer", "")).lower():
        return "the receipt's signature recovers %s, not its signer %s" % (recovered, receipt.get("signer"))
    if trusted_signers is not None and not any(s.lower() == recovered.lower() for s in trusted_signers):
        return "the receipt's signer %s is not a trusted attestation key" % recovered
    return None
