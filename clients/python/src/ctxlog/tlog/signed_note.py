"""C2SP signed-note text (packages/core/src/tlog/signed-note.ts): the note text (ending in a
newline), a blank line, then one line per signature, `— <key name> base64(key ID ‖ signature)`.
This module reads and writes that form; open_note checks the signatures."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Sequence, Set, Union

from ._bytes import from_base64, to_base64
from .errors import TlogError
from .note_keys import is_valid_key_name

__all__ = ["NoteSignature", "SignedNote", "NoteLimits", "DEFAULT_NOTE_LIMITS", "parse_signed_note",
           "check_note_text", "signature_line", "format_signed_note"]


@dataclass(frozen=True)
class NoteSignature:
    name: str
    key_id: int
    signature: bytes


@dataclass(frozen=True)
class SignedNote:
    text: str
    signatures: List[NoteSignature]


@dataclass(frozen=True)
class NoteLimits:
    #: bytes of the whole note (UTF-8), checked before anything else is read
    max_bytes: int = 64 * 1024
    #: signature lines; signed-note asks verifiers to accept at least 16, Go's note.Open stops at 100
    max_signatures: int = 100


#: a checkpoint with 100 Ed25519 signatures is about 12 KB: 64 KiB leaves room and refuses floods
DEFAULT_NOTE_LIMITS = NoteLimits()

_SIGNATURE_PREFIX = "\u2014 "
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_note_characters(text: str, what: str) -> None:
    """Valid UTF-8 (no lone surrogate) and no control character but the newline."""
    if _SURROGATE.search(text):
        raise TlogError("malformed", "%s is not valid UTF-8" % what)
    control = _CONTROL.search(text)
    if control:
        raise TlogError("malformed", "%s holds a control character" % what,
                        "U+%04x at %d" % (ord(control.group()), control.start()))


def _decode_note(msg: Union[str, bytes], limits: NoteLimits) -> str:
    if not isinstance(msg, (str, bytes, bytearray)):
        raise TlogError("malformed", "a note is text or bytes")
    size = len(msg.encode("utf-8", "surrogatepass")) if isinstance(msg, str) else len(msg)
    if size > limits.max_bytes:
        raise TlogError("too_large", "note is larger than %d bytes" % limits.max_bytes, "%d bytes" % size)
    if isinstance(msg, str):
        return msg
    try:
        return bytes(msg).decode("utf-8")  # strict; a byte order mark is kept, as a character
    except UnicodeDecodeError:
        raise TlogError("malformed", "note is not valid UTF-8") from None


def parse_signed_note(msg: Union[str, bytes], limits: NoteLimits = DEFAULT_NOTE_LIMITS) -> SignedNote:
    """Splits a signed note into its text and signatures, checking the form but no signature.
    Identical signature lines are kept once (as Go's note.Open drops repeats)."""
    note = _decode_note(msg, limits)
    _check_note_characters(note, "note")
    split = note.rfind("\n\n")
    if split < 0:
        raise TlogError("malformed", "note has no blank line before its signatures")
    text, block = note[: split + 1], note[split + 2:]
    if not block or not block.endswith("\n"):
        raise TlogError("malformed", "note's signature block is empty or does not end in a newline")
    lines = block[:-1].split("\n")
    if len(lines) > limits.max_signatures:
        raise TlogError("too_large", "note has more than %d signatures" % limits.max_signatures,
                        "%d lines" % len(lines))
    seen: Set[str] = set()
    signatures: List[NoteSignature] = []
    for i, line in enumerate(lines):
        if line in seen:
            continue
        seen.add(line)
        signatures.append(_parse_signature_line(line, i))
    return SignedNote(text, signatures)


def _parse_signature_line(line: str, i: int) -> NoteSignature:
    if not line.startswith(_SIGNATURE_PREFIX):
        raise TlogError("malformed", "note signature line %d does not start with an em dash and a space" % i)
    name, space, b64 = line[len(_SIGNATURE_PREFIX):].partition(" ")
    if not is_valid_key_name(name):
        raise TlogError("malformed", "note signature line %d has an invalid key name" % i)
    try:
        data = from_base64(b64 if space else "", "signature")
    except TlogError:
        raise TlogError("malformed", "note signature line %d is not base64" % i) from None
    if len(data) < 5:
        raise TlogError("malformed", "note signature line %d is shorter than a key ID and a signature" % i)
    return NoteSignature(name, int.from_bytes(data[:4], "big"), data[4:])


def check_note_text(text: str) -> None:
    """A note text can be signed: non-empty, ends in a newline, no control character but it."""
    if not isinstance(text, str) or not text or not text.endswith("\n"):
        raise TlogError("malformed", "note text must end in a newline")
    _check_note_characters(text, "note text")


def signature_line(signature: NoteSignature) -> str:
    data = signature.key_id.to_bytes(4, "big") + signature.signature
    return "%s%s %s\n" % (_SIGNATURE_PREFIX, signature.name, to_base64(data))


def format_signed_note(text: str, signatures: Sequence[NoteSignature]) -> str:
    check_note_text(text)
    if not signatures:
        raise TlogError("invalid_argument", "a signed note has at least one signature")
    return "%s\n%s" % (text, "".join(signature_line(s) for s in signatures))
