"""Opening a signed checkpoint (packages/core/src/tlog/open-checkpoint.ts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .checkpoint import Checkpoint, parse_checkpoint
from .errors import TlogError
from .note_keys import NoteVerifierKey
from .note_verifiers import note_verifier
from .open_note import OpenedNote, open_note
from .signed_note import DEFAULT_NOTE_LIMITS, NoteLimits
from .witness_policy import WitnessPolicy, WitnessPolicyResult, check_witness_policy, witness_verifiers

__all__ = ["OpenedCheckpoint", "open_checkpoint"]


@dataclass(frozen=True)
class OpenedCheckpoint:
    checkpoint: Checkpoint
    note: OpenedNote
    witnesses: Optional[WitnessPolicyResult]


def open_checkpoint(msg: Union[str, bytes], origin: str, key: NoteVerifierKey,
                    policy: Optional[WitnessPolicy] = None,
                    limits: NoteLimits = DEFAULT_NOTE_LIMITS) -> OpenedCheckpoint:
    """Opens a checkpoint signed by the log's key: the log's own signature must be there and
    verify (a note signed by witnesses alone is not the log's), the origin must be the one
    expected, and, with a policy, its witnesses' cosignatures are checked and counted. An unmet
    policy is reported in `witnesses.satisfied`, not raised: what to do about it is the caller's
    verdict."""
    verifiers = [note_verifier(key)] + (witness_verifiers(policy) if policy else [])
    note = open_note(msg, verifiers, limits)
    if not any(s.name == key.name and s.key_id == key.key_id for s in note.verified):
        raise TlogError("unverified", "the checkpoint is not signed by the log's key %s" % key.name)
    checkpoint = parse_checkpoint(note.text)
    if checkpoint.origin != origin:
        raise TlogError("malformed", "checkpoint is for another log",
                        "origin %r, expected %r" % (checkpoint.origin[:128], origin))
    return OpenedCheckpoint(checkpoint, note, check_witness_policy(policy, note.verified) if policy else None)
