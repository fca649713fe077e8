"""Opening and signing signed notes (packages/core/src/tlog/open-note.ts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence, Set, Tuple, Union

from .errors import TlogError
from .note_verifiers import NoteSigner, NoteVerifier
from .signed_note import (DEFAULT_NOTE_LIMITS, NoteLimits, NoteSignature, check_note_text, format_signed_note,
                          parse_signed_note)

__all__ = ["OpenedNote", "open_note", "sign_note"]


@dataclass(frozen=True)
class OpenedNote:
    text: str
    #: signatures by the known keys, each checked
    verified: List[NoteSignature]
    #: signatures by keys the caller did not give (kept: a witness's, a rotated key's)
    unverified: List[NoteSignature]


def open_note(msg: Union[str, bytes], verifiers: Sequence[NoteVerifier],
              limits: NoteLimits = DEFAULT_NOTE_LIMITS) -> OpenedNote:
    """Opens a signed note as C2SP signed-note (and Go's note.Open) asks: a signature whose name
    and key ID match a known key must verify, or the whole note is refused; other signatures are
    kept unchecked; at least one known key must have signed. A known key's repeated signature is
    kept once."""
    note = parse_signed_note(msg, limits)
    text = note.text.encode("utf-8")
    verified: List[NoteSignature] = []
    unverified: List[NoteSignature] = []
    seen: Set[Tuple[str, int]] = set()
    for signature in note.signatures:
        matches = [v for v in verifiers if v.name == signature.name and v.key_id == signature.key_id]
        if len(matches) > 1:
            raise TlogError("ambiguous_key", "two known keys are named %s with key ID %d"
                            % (signature.name, signature.key_id))
        if not matches:
            unverified.append(signature)
            continue
        if (signature.name, signature.key_id) in seen:
            continue
        seen.add((signature.name, signature.key_id))
        if not matches[0].verify(text, signature.signature):
            raise TlogError("invalid_signature", "the signature by %s does not verify" % signature.name)
        verified.append(signature)
    if not verified:
        raise TlogError("unverified", "no known key signed the note")
    return OpenedNote(note.text, verified, unverified)


def sign_note(text: str, signers: Sequence[NoteSigner], existing: Sequence[NoteSignature] = ()) -> str:
    """Signs `text` with each signer, after `existing` signatures (a checkpoint's, when a witness
    adds its cosignature); an existing signature by the same key is replaced, as Go's note.Sign does."""
    check_note_text(text)
    data = text.encode("utf-8")
    fresh = [NoteSignature(s.name, s.key_id, s.sign(data)) for s in signers]
    kept = [e for e in existing if not any(f.name == e.name and f.key_id == e.key_id for f in fresh)]
    return format_signed_note(text, kept + fresh)
