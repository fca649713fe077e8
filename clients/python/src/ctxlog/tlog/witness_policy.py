"""A k-of-n witness policy (packages/core/src/tlog/witness-policy.ts): a checkpoint is trusted
once `threshold` of the named witnesses have cosigned it. Witnesses are given by their verifier
keys (signature type 0x04, cosignature/v1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Sequence

from .errors import TlogError
from .note_keys import SIGNATURE_TYPE_COSIGNATURE_V1, NoteVerifierKey, parse_verifier_key
from .note_verifiers import NoteVerifier, note_verifier
from .signed_note import NoteSignature

__all__ = ["WitnessPolicy", "WitnessPolicyResult", "witness_policy", "recorded_witness_policy", "check_witness_policy",
           "witness_verifiers"]


@dataclass(frozen=True)
class WitnessPolicy:
    threshold: int
    witnesses: List[NoteVerifierKey]


@dataclass(frozen=True)
class WitnessPolicyResult:
    satisfied: bool
    threshold: int
    #: the witnesses whose cosignature is there, in the policy's order
    cosigned_by: List[str]
    #: the witnesses whose cosignature is missing
    missing: List[str]


def witness_policy(threshold: int, witness_keys: Sequence[str]) -> WitnessPolicy:
    """Builds a policy from verifier key strings, refusing what could never be met or means two things."""
    witnesses = []
    for i, vkey in enumerate(witness_keys):
        try:
            witnesses.append(parse_verifier_key(vkey))
        except TlogError as error:
            raise TlogError("invalid_argument", "witness key %d is not a verifier key" % i, str(error)) from error
    for w in witnesses:
        if w.type != SIGNATURE_TYPE_COSIGNATURE_V1:
            raise TlogError("invalid_argument", "witness %s is not a cosignature/v1 key (type 0x04)" % w.name)
    if len({w.name for w in witnesses}) != len(witnesses):
        raise TlogError("invalid_argument", "two witnesses have the same name")
    if not isinstance(threshold, int) or isinstance(threshold, bool) or not 0 <= threshold <= len(witnesses):
        raise TlogError("invalid_argument", "witness threshold must be 0 to the number of witnesses",
                        "threshold %r, %d witnesses" % (threshold, len(witnesses)))
    return WitnessPolicy(threshold, witnesses)


def recorded_witness_policy(recorded: Any) -> WitnessPolicy:
    """The policy a proof bundle or pack records (`log.witness_policy`: {threshold, witnesses: [verifier
    key…]}), built as witness_policy builds one; raises TlogError on any other shape."""
    if not isinstance(recorded, dict) or not isinstance(recorded.get("witnesses"), list):
        raise TlogError("malformed", "log.witness_policy must be {threshold, witnesses: [verifier key…]}")
    return witness_policy(recorded.get("threshold"), recorded["witnesses"])


def check_witness_policy(policy: WitnessPolicy, verified: Sequence[NoteSignature]) -> WitnessPolicyResult:
    """Counts the policy's witnesses among a note's verified signatures (open_note's `verified`,
    with the witnesses' verifiers given to it). Pure: the signatures are already checked."""
    cosigned_by: List[str] = []
    missing: List[str] = []
    for w in policy.witnesses:
        if any(s.name == w.name and s.key_id == w.key_id for s in verified):
            cosigned_by.append(w.name)
        else:
            missing.append(w.name)
    return WitnessPolicyResult(len(cosigned_by) >= policy.threshold, policy.threshold, cosigned_by, missing)


def witness_verifiers(policy: WitnessPolicy) -> List[NoteVerifier]:
    """The verifiers to give open_note for a policy's witnesses, beside the log's own."""
    return [note_verifier(w) for w in policy.witnesses]
