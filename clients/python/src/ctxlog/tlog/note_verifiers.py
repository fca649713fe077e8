"""What signs and checks a note's text, by key type (packages/core/src/tlog/note-verifiers.ts). A
log's key (type 0x01) signs the note text with Ed25519. A witness's (type 0x04, C2SP
tlog-cosignature) signs

    "cosignature/v1\\n" "time <POSIX seconds>\\n" ‖ note text

and its signature is the 8-byte big-endian timestamp then the 64-byte Ed25519 signature."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Optional, Union

from . import ed25519
from .errors import TlogError
from .note_keys import (SIGNATURE_TYPE_ED25519, NoteSignerKey, NoteVerifierKey, parse_signer_key,
                        parse_verifier_key)

__all__ = ["NoteVerifier", "NoteSigner", "MAX_COSIGNATURE_TIMESTAMP", "cosigned_message", "cosignature_timestamp",
           "note_verifier", "note_signer"]

#: tlog-cosignature: a timestamp MUST NOT exceed 2^63 − 1
MAX_COSIGNATURE_TIMESTAMP = 2**63 - 1
_COSIGNATURE_SIZE = 8 + 64


@dataclass(frozen=True)
class NoteVerifier:
    name: str
    key_id: int
    verify: Callable[[bytes, bytes], bool]  # (note text, signature) -> valid


@dataclass(frozen=True)
class NoteSigner:
    name: str
    key_id: int
    sign: Callable[[bytes], bytes]  # note text -> signature


def cosigned_message(timestamp: int, text: bytes) -> bytes:
    return ("cosignature/v1\ntime %d\n" % timestamp).encode("utf-8") + text


def cosignature_timestamp(signature: bytes) -> Optional[int]:
    """The time a cosignature states (seconds), or None when it is not a cosignature/v1 signature's size."""
    if len(signature) != _COSIGNATURE_SIZE:
        return None
    return int.from_bytes(signature[:8], "big")


def note_verifier(key: Union[NoteVerifierKey, str]) -> NoteVerifier:
    k = parse_verifier_key(key) if isinstance(key, str) else key
    if k.type == SIGNATURE_TYPE_ED25519:
        return NoteVerifier(k.name, k.key_id, lambda text, signature: ed25519.verify(k.public_key, text, signature))

    def verify_cosignature(text: bytes, signature: bytes) -> bool:
        timestamp = cosignature_timestamp(signature)
        if timestamp is None or timestamp > MAX_COSIGNATURE_TIMESTAMP:
            return False
        return ed25519.verify(k.public_key, cosigned_message(timestamp, text), signature[8:])

    return NoteVerifier(k.name, k.key_id, verify_cosignature)


def note_signer(key: Union[NoteSignerKey, str], now: Callable[[], int] = lambda: int(time.time())) -> NoteSigner:
    """A signer for a key (string or parsed). A cosigner signs at `now()` (seconds since the
    epoch; the clock by default), which its signature carries."""
    k = parse_signer_key(key) if isinstance(key, str) else key
    if k.type == SIGNATURE_TYPE_ED25519:
        return NoteSigner(k.name, k.key_id, lambda text: ed25519.sign(k.seed, text))

    def cosign(text: bytes) -> bytes:
        timestamp = now()
        if not 0 <= timestamp <= MAX_COSIGNATURE_TIMESTAMP:
            raise TlogError("invalid_argument", "cosignature timestamp out of range", str(timestamp))
        return timestamp.to_bytes(8, "big") + ed25519.sign(k.seed, cosigned_message(timestamp, text))

    return NoteSigner(k.name, k.key_id, cosign)
