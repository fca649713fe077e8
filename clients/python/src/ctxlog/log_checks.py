"""The transparency-log checks of a version 4 proof bundle ("merkle_algorithm": "RFC6962-SHA256"),
offline: merkle_proof (the entry hash's RFC 6962 inclusion at leaf_index in the checkpoint's tree),
checkpoint_signature, witness_cosignatures and log_consistency (the checkpoint's tree and the one
anchored on chain are one log). verify.py runs them between v3's offline and chain checks.

What is trusted: the log's key and the witness policy are the caller's when given, else the
bundle's own (which then proves the bundle consistent with itself, as signer_address does without
expected_signers); each check's reason says which."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

from .proof_bundle import BYTES32
from .tlog import (SIGNATURE_TYPE_ED25519, Checkpoint, NoteVerifierKey, TlogError, WitnessPolicy, leaf_hash,
                   open_checkpoint, parse_checkpoint, parse_signed_note, parse_verifier_key, verify_consistency,
                   recorded_witness_policy, verify_inclusion)
from .verify_result import Check

__all__ = ["log_problems", "inclusion_check", "log_checks", "LogKey"]

LogKey = Union[str, NoteVerifierKey]
_MAX_SAFE = 2**53 - 1


def _size(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= _MAX_SAFE


def _hashes(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(h, str) and BYTES32.match(h) for h in v)


def log_problems(bundle: Dict[str, Any]) -> List[str]:
    """What is wrong with a version 4 bundle's `log` object (empty when well-formed)."""
    log = bundle.get("log")
    if not isinstance(log, dict):
        return ["log is missing (a version 4 bundle carries the log's checkpoint and proofs)"]
    problems = []
    for name in ("origin", "verifier_key", "checkpoint"):
        if not isinstance(log.get(name), str) or not log[name]:
            problems.append("log.%s must be a non-empty string" % name)
    for name in ("tree_size", "anchored_tree_size"):
        if not _size(log.get(name)) or log[name] < 1:
            problems.append("log.%s must be an integer from 1 to 2^53 − 1" % name)
    if not _hashes(log.get("consistency_proof")):
        problems.append("log.consistency_proof must be an array of 32-byte 0x-hex strings")
    return problems


def _unhex(hashes: List[str]) -> List[bytes]:
    return [bytes.fromhex(h[2:]) for h in hashes]


def _checkpoint_of(log: Dict[str, Any]) -> Checkpoint:
    """The checkpoint's body, its signatures unchecked: checkpoint_signature checks them."""
    return parse_checkpoint(parse_signed_note(log["checkpoint"]).text)


def inclusion_check(bundle: Dict[str, Any], entry_hash: str) -> Check:
    """merkle_proof of a version 4 bundle: SHA-256(0x00 ‖ entry hash) at leaf_index, under the
    checkpoint's root, in the tree of log.tree_size leaves."""
    problems = log_problems(bundle) + ([] if _size(bundle.get("leaf_index")) else ["leaf_index must be an integer ≥ 0"])
    if problems:
        return Check("merkle_proof", False, "; ".join(problems))
    log = bundle["log"]
    try:
        checkpoint = _checkpoint_of(log)
        verify_inclusion(bundle["leaf_index"], log["tree_size"], leaf_hash(bytes.fromhex(entry_hash[2:])),
                         _unhex(bundle["merkle_proof"]), checkpoint.root_hash)
    except TlogError as error:
        return Check("merkle_proof", False, "the RFC 6962 proof of entry_hash at leaf_index %s fails: %s"
                     % (bundle["leaf_index"], error))
    return Check("merkle_proof", True, "%d-hash RFC 6962 proof: entry_hash is leaf %d of the checkpoint's %d" % (
        len(bundle["merkle_proof"]), bundle["leaf_index"], log["tree_size"]))


def _log_key(log: Dict[str, Any], given: Optional[LogKey]) -> Tuple[NoteVerifierKey, str]:
    if given is None:
        key, whose = parse_verifier_key(log["verifier_key"]), "the bundle's log key"
    else:
        key, whose = (parse_verifier_key(given) if isinstance(given, str) else given), "the given log key"
    if key.type != SIGNATURE_TYPE_ED25519:
        raise TlogError("invalid_argument", "%s is not an Ed25519 note key (type 0x01)" % whose)
    return key, whose


def _checkpoint_signature(bundle: Dict[str, Any], given: Optional[LogKey]) -> Check:
    log = bundle["log"]
    key, whose = _log_key(log, given)
    opened = open_checkpoint(log["checkpoint"], log["origin"], key)
    if opened.checkpoint.size != log["tree_size"]:
        return Check("checkpoint_signature", False, "the checkpoint is of %d leaves, log.tree_size says %d" % (
            opened.checkpoint.size, log["tree_size"]))
    return Check("checkpoint_signature", True, "checkpoint of %d leaves signed by %s (%s) for %s" % (
        opened.checkpoint.size, key.name, whose, log["origin"]))


def _bundle_policy(log: Dict[str, Any]) -> WitnessPolicy:
    return recorded_witness_policy(log.get("witness_policy"))


def _witness_cosignatures(bundle: Dict[str, Any], given_key: Optional[LogKey],
                          given_policy: Optional[WitnessPolicy]) -> Check:
    log = bundle["log"]
    policy, whose = (given_policy, "the given policy") if given_policy is not None else (
        _bundle_policy(log), "the bundle's policy")
    key, _ = _log_key(log, given_key)
    result = open_checkpoint(log["checkpoint"], log["origin"], key, policy).witnesses
    assert result is not None
    counted = "%d of %d witnesses cosigned (%s needs %d)" % (
        len(result.cosigned_by), len(policy.witnesses), whose, policy.threshold)
    if not result.satisfied:
        return Check("witness_cosignatures", False, "%s; missing: %s" % (counted, ", ".join(result.missing)))
    return Check("witness_cosignatures", True,
                 counted + (": " + ", ".join(result.cosigned_by) if result.cosigned_by else ""))


def _log_consistency(bundle: Dict[str, Any]) -> Check:
    log = bundle["log"]
    checkpoint = _checkpoint_of(log)
    anchored, root = log["anchored_tree_size"], bytes.fromhex(bundle["merkle_root"][2:])
    if bundle["leaf_index"] >= anchored:
        return Check("log_consistency", False, "the anchored tree of %d leaves does not hold leaf_index %d" % (
            anchored, bundle["leaf_index"]))
    proof = _unhex(log["consistency_proof"])
    # either may be the older: the anchored tree a prefix of the checkpoint's, or the other way
    if anchored <= checkpoint.size:
        verify_consistency(anchored, checkpoint.size, root, checkpoint.root_hash, proof)
    else:
        verify_consistency(checkpoint.size, anchored, checkpoint.root_hash, root, proof)
    if anchored == checkpoint.size:
        return Check("log_consistency", True, "merkle_root is the checkpoint's root (%d leaves)" % anchored)
    return Check("log_consistency", True, "%d-hash RFC 6962 proof: the anchored tree of %d leaves and the "
                 "checkpoint's of %d are one log" % (len(proof), anchored, checkpoint.size))


def log_checks(bundle: Any, log_key: Optional[LogKey] = None,
               policy: Optional[WitnessPolicy] = None) -> List[Check]:
    """checkpoint_signature, witness_cosignatures and log_consistency of a version 4 bundle. Never
    raises on hostile input: what is malformed or does not verify fails the check it breaks."""
    problems = ["the proof bundle is not a JSON object"] if not isinstance(bundle, dict) else log_problems(bundle)
    if isinstance(bundle, dict):
        if not _size(bundle.get("leaf_index")):
            problems.append("leaf_index must be an integer ≥ 0")
        if not isinstance(bundle.get("merkle_root"), str) or not BYTES32.match(bundle["merkle_root"]):
            problems.append("merkle_root must be 32-byte 0x-hex")
    runs = [("checkpoint_signature", lambda: _checkpoint_signature(bundle, log_key)),
            ("witness_cosignatures", lambda: _witness_cosignatures(bundle, log_key, policy)),
            ("log_consistency", lambda: _log_consistency(bundle))]
    checks = []
    for name, run in runs:
        if problems:
            checks.append(Check(name, False, "; ".join(problems)))
            continue
        try:
            checks.append(run())
        except TlogError as error:
            checks.append(Check(name, False, str(error)))
        except Exception as error:  # noqa: BLE001 - hostile input must fail the check, never crash the verifier
            checks.append(Check(name, False, "could not be checked: %s" % error))
    return checks
