"""witness_cosignatures of a pack's tree heads (C2SP tlog-cosignature, cosignature/v1;
witnesses.ts): with a witness policy given (--witness-key, --witness-threshold), each tree head's
checkpoint in anchors.json must carry `threshold` valid cosignatures of its witnesses; without
one, each version 4 entry's checkpoint (its anchor's) must carry those its `log.witness_policy`
asks for, the pack's own word, as `ctxlog verify` holds a bundle to its own policy. A cosignature
by a witness the policy names that does not verify fails the check (C2SP signed-note); one by a
key the policy does not name is not counted."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Set

from ..tlog import TlogError, WitnessPolicy, open_checkpoint, parse_verifier_key, recorded_witness_policy

__all__ = ["cosignature_problem", "RecordedWitnesses", "pack_witnesses", "witnesses_phrase"]


def _words(error: Exception) -> str:
    """A TlogError's words without its details (each language words the details its own way)."""
    return error.short_message if isinstance(error, TlogError) else str(error).split("\n")[0]


def cosignature_problem(checkpoint: str, origin: str, verifier_key: str, policy: WitnessPolicy,
                        whose: str) -> Optional[str]:
    """Why the checkpoint does not carry the cosignatures `policy` asks for, or None. `whose` names
    the policy in the reason ("the given policy", "its witness_policy")."""
    try:
        counted = open_checkpoint(checkpoint, origin, parse_verifier_key(verifier_key), policy).witnesses
    except Exception as error:  # noqa: BLE001 - whatever does not open fails the check
        return _words(error)
    if counted is None or counted.satisfied:
        return None
    missing = "; missing: %s" % ", ".join(counted.missing) if counted.missing else ""
    return "%d of %d witnesses cosigned (%s needs %d)%s" % (
        len(counted.cosigned_by), len(policy.witnesses), whose, policy.threshold, missing)


def _recorded_policy(log: Dict[str, Any]) -> Optional[WitnessPolicy]:
    """The witness policy an entry's `log` records: None when it records none, raised when malformed."""
    policy = log.get("witness_policy")
    return None if policy is None else recorded_witness_policy(policy)


class RecordedWitnesses:
    """The entries' recorded policies, each checkpoint checked once per policy (the entries of one
    anchor share both): what it keeps grows with the tree heads, not the entries."""

    def __init__(self) -> None:
        self._checked: Dict[str, Optional[str]] = {}
        #: the checkpoints held to a recorded policy that asks for a cosignature
        self.checkpoints: Set[str] = set()

    def problem(self, e: Dict[str, Any]) -> Optional[str]:
        """Why the entry's checkpoint lacks the cosignatures its log.witness_policy asks for, or None."""
        log = e["log"]
        key = "%s\n%s" % (log["checkpoint"], json.dumps(log.get("witness_policy"), sort_keys=True))
        if key not in self._checked:
            self._checked[key] = self._check(log)
        return self._checked[key]

    def _check(self, log: Dict[str, Any]) -> Optional[str]:
        try:
            policy = _recorded_policy(log)
        except Exception as error:  # noqa: BLE001 - a malformed policy fails the check
            return _words(error)
        if policy is None:
            return None
        if policy.threshold > 0:  # a policy of 0 witnesses asks for nothing: the verdict says so
            self.checkpoints.add(log["checkpoint"])
        return cosignature_problem(log["checkpoint"], log["origin"], log["verifier_key"], policy,
                                   "its witness_policy")


def pack_witnesses(given: Optional[WitnessPolicy], recorded: RecordedWitnesses, tree_heads: int) -> Dict[str, Any]:
    """The verdict's account of the witnesses: whose policy, and over how many tree heads."""
    if given is not None:
        return {"policy": "given", "threshold": given.threshold, "witnesses": [w.name for w in given.witnesses],
                "tree_heads": tree_heads}
    return {"policy": "pack" if recorded.checkpoints else "none", "threshold": None, "witnesses": None,
            "tree_heads": tree_heads}


def witnesses_phrase(w: Dict[str, Any]) -> str:
    """The verdict line's words on the witnesses."""
    if w["tree_heads"] == 0:
        return "; no tree head, so no witness cosignature to check"
    each = "each tree head (%d) cosigned" % w["tree_heads"]
    if w["policy"] == "given":
        return "; %s by %d of %s (the given witness policy)" % (each, w["threshold"],
                                                               ", ".join(w["witnesses"]) or "no witness")
    if w["policy"] == "pack":
        return "; %s as its entries' witness_policy asks (the pack's own word; --witness-key to pin one)" % each
    return ("; witness cosignatures of the tree heads (%d) not checked: no policy given, and the pack's asks for none"
            % w["tree_heads"])
