"""C2SP signed-note keys, in Go's sumdb/note string forms (packages/core/src/tlog/note-keys.ts):

    verifier key  <name>+<8 hex digits of the key ID>+base64(type ‖ public key)
    signer key    PRIVATE+KEY+<name>+<key ID hex>+base64(type ‖ 32-byte Ed25519 seed)

The key ID is the first 4 bytes of SHA-256(name ‖ 0x0A ‖ type ‖ public key), big-endian."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

from . import ed25519
from ._bytes import from_base64, sha256, to_base64
from .errors import TlogError

__all__ = ["SIGNATURE_TYPE_ED25519", "SIGNATURE_TYPE_COSIGNATURE_V1", "MAX_KEY_STRING_LENGTH", "NoteVerifierKey",
           "NoteSignerKey", "is_valid_key_name", "key_id", "parse_verifier_key", "format_verifier_key",
           "parse_signer_key", "signer_key_from_seed"]

#: Ed25519 over the note text (signed-note): a log's checkpoint signature
SIGNATURE_TYPE_ED25519 = 0x01
#: timestamped Ed25519 cosignature/v1 (tlog-cosignature): a witness's
SIGNATURE_TYPE_COSIGNATURE_V1 = 0x04
_KNOWN_TYPES = (SIGNATURE_TYPE_ED25519, SIGNATURE_TYPE_COSIGNATURE_V1)
#: longer than any Ed25519 key string with a sane name: longer strings are refused unparsed
MAX_KEY_STRING_LENGTH = 1024

# Go's unicode.IsSpace is the White_Space property: these code points, and no others
_WHITE_SPACE = re.compile("[\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000+]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_KEY_ID_HEX = re.compile(r"^[0-9a-f]{8}\Z")


@dataclass(frozen=True)
class NoteVerifierKey:
    name: str
    key_id: int
    type: int
    public_key: bytes


@dataclass(frozen=True)
class NoteSignerKey(NoteVerifierKey):
    seed: bytes = b""

    def __repr__(self) -> str:  # the seed is secret: never in a traceback or a log line
        return "NoteSignerKey(name=%r, key_id=%#010x, type=%d)" % (self.name, self.key_id, self.type)


def is_valid_key_name(name: Any) -> bool:
    """Non-empty, no Unicode white space, no "+" (and no lone surrogate: not UTF-8)."""
    return isinstance(name, str) and len(name) > 0 and not _WHITE_SPACE.search(name) and not _SURROGATE.search(name)


def key_id(name: str, type_: int, public_key: bytes) -> int:
    return int.from_bytes(sha256(("%s\n" % name).encode("utf-8"), bytes([type_]), public_key)[:4], "big")


def format_verifier_key(key: NoteVerifierKey) -> str:
    return "%s+%08x+%s" % (key.name, key.key_id, to_base64(bytes([key.type]) + key.public_key))


def format_signer_key(key: NoteSignerKey) -> str:
    return "PRIVATE+KEY+%s+%08x+%s" % (key.name, key.key_id, to_base64(bytes([key.type]) + key.seed))


def _split_plus(text: str, count: int) -> Optional[List[str]]:
    """The first count − 1 "+"-separated fields, then the rest (which may hold "+"); None when too few."""
    parts = text.split("+", count - 1)
    return parts if len(parts) == count else None


def _parse_key_parts(name: str, id_hex: str, b64: str, what: str) -> Tuple[int, bytes, int]:
    if not is_valid_key_name(name):
        raise TlogError("malformed", "%s has an invalid key name" % what)
    if not _KEY_ID_HEX.match(id_hex):
        raise TlogError("malformed", "%s key ID is not 8 lowercase hex digits" % what)
    try:
        data = from_base64(b64, "%s key" % what)
    except TlogError:
        raise TlogError("malformed", "%s key is not base64" % what) from None
    if not data or data[0] not in _KNOWN_TYPES:
        raise TlogError("malformed", "%s has an unknown signature type" % what,
                        "type %s" % (data[0] if data else None))
    material = data[1:]
    if len(material) != 32:
        raise TlogError("malformed", "%s key is not 32 bytes" % what, "%d bytes" % len(material))
    return data[0], material, int(id_hex, 16)


def parse_verifier_key(vkey: Any) -> NoteVerifierKey:
    """Parses a verifier key string, checking its key ID against its name and key."""
    if not isinstance(vkey, str) or len(vkey) > MAX_KEY_STRING_LENGTH:
        raise TlogError("too_large", "verifier key is too long")
    # the base64 key may hold "+" itself: it is all that follows the second "+"
    parts = _split_plus(vkey, 3)
    if parts is None:
        raise TlogError("malformed", "verifier key is not name+keyid+key")
    name, id_hex, b64 = parts
    type_, material, id_ = _parse_key_parts(name, id_hex, b64, "verifier key")
    if key_id(name, type_, material) != id_:
        raise TlogError("malformed", "verifier key ID does not match its name and key")
    return NoteVerifierKey(name, id_, type_, material)


def signer_key_from_seed(name: str, seed: bytes, type_: int = SIGNATURE_TYPE_ED25519) -> NoteSignerKey:
    if not is_valid_key_name(name):
        raise TlogError("invalid_argument", "invalid key name", repr(name))
    if len(seed) != 32:
        raise TlogError("invalid_argument", "an Ed25519 seed is 32 bytes")
    public = ed25519.public_key(seed)
    return NoteSignerKey(name, key_id(name, type_, public), type_, public, bytes(seed))


def parse_signer_key(skey: Any) -> NoteSignerKey:
    """Parses a signer key string (Go's note.GenerateKey form), deriving its public key."""
    if not isinstance(skey, str) or len(skey) > MAX_KEY_STRING_LENGTH:
        raise TlogError("too_large", "signer key is too long")
    parts = _split_plus(skey, 5)
    if parts is None or parts[0] != "PRIVATE" or parts[1] != "KEY":
        raise TlogError("malformed", "signer key is not PRIVATE+KEY+name+keyid+key")
    type_, material, id_ = _parse_key_parts(parts[2], parts[3], parts[4], "signer key")
    key = signer_key_from_seed(parts[2], material, type_)
    # the message names no secret: the key ID is public, the seed is not printed
    if key.key_id != id_:
        raise TlogError("malformed", "signer key ID does not match its name and key")
    return key
