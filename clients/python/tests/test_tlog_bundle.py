"""Proof bundle version 4 (the transparency log), its offline checks: a bundle built here from the
shared vectors (bundles.json's genuine v3 bundle, its entry hash placed among tree.json's leaves,
the checkpoint signed and cosigned with checkpoints.json's keys). The chain checks need a node:
the stack test covers them once the API emits version 4."""

import copy

import pytest

from conftest import vectors
from ctxlog import tlog
from ctxlog.cli import main
from ctxlog.tlog import Checkpoint, format_checkpoint, leaf_hash, prove_consistency, prove_inclusion, tree_hash
from ctxlog.verify import _offline_checks, verdict_of
from ctxlog.verify_result import V4_CHECK_NAMES

V3 = next(c for c in vectors("bundles.json")["cases"] if c["name"] == "version 3, genuine")["bundle"]
CPS = vectors("tlog/checkpoints.json")
LEAVES = [bytes.fromhex(leaf) for leaf in vectors("tlog/tree.json")["leaves"]]
ORIGIN = CPS["origin"]
WITNESS_KEYS = [w["verifier_key"] for w in CPS["witnesses"]]
LOG_SIGNER = tlog.note_signer(CPS["log"]["signer_key"])
COSIGNERS = [tlog.note_signer(w["signer_key"], now=lambda: 1764460800) for w in CPS["witnesses"]]
OFFLINE = V4_CHECK_NAMES[:7]


def hexes(hashes):
    return ["0x" + h.hex() for h in hashes]


def make_v4(index=300, tree_size=600, anchored=500, cosigners=COSIGNERS, threshold=2):
    """A version 4 bundle whose entry hash is leaf `index` of a log of `tree_size` leaves, anchored
    at `anchored` leaves."""
    leaves = LEAVES[: max(tree_size, anchored)]
    leaves[index] = bytes.fromhex(V3["entry_hash"][2:])
    hashes = [leaf_hash(leaf) for leaf in leaves]
    text = format_checkpoint(Checkpoint(ORIGIN, tree_size, tree_hash(hashes[:tree_size])))
    old, new = sorted((tree_size, anchored))
    return dict(copy.deepcopy(V3), version=4, merkle_algorithm="RFC6962-SHA256", leaf_index=index,
                merkle_proof=hexes(prove_inclusion(index, hashes[:tree_size])),
                merkle_root="0x" + tree_hash(hashes[:anchored]).hex(),
                log={"origin": ORIGIN, "verifier_key": CPS["log"]["verifier_key"], "tree_size": tree_size,
                     "checkpoint": tlog.sign_note(text, [LOG_SIGNER] + list(cosigners)),
                     "witness_policy": {"threshold": threshold, "witnesses": WITNESS_KEYS},
                     "anchored_tree_size": anchored,
                     "consistency_proof": hexes(prove_consistency(old, hashes[:new]))})


GENUINE = make_v4()


def checks(bundle, log_key=None, policy=None):
    return {c.name: c for c in _offline_checks(bundle, None, log_key, policy)}


def failed(bundle, log_key=None, policy=None):
    return sorted(name for name, c in checks(bundle, log_key, policy).items() if not c.ok)


def changed(path, value, bundle=GENUINE):
    out = copy.deepcopy(bundle)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


@pytest.mark.parametrize("sizes", [(300, 600, 500), (300, 600, 600), (300, 500, 600), (0, 1, 1), (599, 600, 600)],
                         ids=["anchored older", "anchored is the checkpoint", "anchored newer", "one leaf", "last leaf"])
def test_a_genuine_version_4_bundle_passes_every_offline_check(sizes):
    bundle = make_v4(*sizes)
    result = _offline_checks(bundle, None)
    assert [c.name for c in result] == list(OFFLINE)
    assert [c.name for c in result if not c.ok] == []
    assert verdict_of(result) == "verified"
    # empty exactly when the anchored tree is the checkpoint's
    assert (bundle["log"]["consistency_proof"] == []) == (sizes[1] == sizes[2])


def test_the_callers_key_and_policy_are_what_is_trusted():
    key = tlog.parse_verifier_key(CPS["log"]["verifier_key"])
    policy = tlog.witness_policy(2, WITNESS_KEYS)
    result = checks(GENUINE, CPS["log"]["verifier_key"], policy)
    assert all(c.ok for c in result.values())
    assert "the given log key" in result["checkpoint_signature"].reason
    assert "the given policy" in result["witness_cosignatures"].reason
    assert "the bundle's log key" in checks(GENUINE)["checkpoint_signature"].reason
    # another log key: the checkpoint is not that log's, whatever the bundle names
    another = tlog.note_keys.signer_key_from_seed(ORIGIN, bytes(32))
    assert failed(GENUINE, another) == ["checkpoint_signature", "witness_cosignatures"]
    assert failed(changed(["log", "verifier_key"], tlog.format_verifier_key(another)), key) == []
    # a witness's key (type 0x04) is no log key
    assert failed(GENUINE, WITNESS_KEYS[0]) == ["checkpoint_signature", "witness_cosignatures"]


def test_the_witness_policy():
    one = make_v4(cosigners=COSIGNERS[1:])
    assert failed(one) == ["witness_cosignatures"]
    assert "missing: witness1.example/w" in checks(one)["witness_cosignatures"].reason
    assert failed(one, policy=tlog.witness_policy(1, WITNESS_KEYS)) == []
    assert failed(make_v4(cosigners=[], threshold=0)) == []  # a bundle's policy of none, met by none
    assert failed(make_v4(cosigners=[]), policy=tlog.witness_policy(1, WITNESS_KEYS)) == ["witness_cosignatures"]
    assert failed(changed(["log", "witness_policy", "threshold"], 3)) == ["witness_cosignatures"]
    assert failed(changed(["log", "witness_policy"], None)) == ["witness_cosignatures"]
    # a cosignature changed: refused, not counted
    note = GENUINE["log"]["checkpoint"]
    at = note.rindex("— ") + 40
    broken = changed(["log", "checkpoint"], note[:at] + ("A" if note[at] != "A" else "B") + note[at + 1:])
    assert failed(broken) == ["witness_cosignatures"]
    assert "does not verify" in checks(broken)["witness_cosignatures"].reason


def test_hostile_bundles_fail_the_check_they_break():
    proof = GENUINE["merkle_proof"]
    flipped = proof[:2] + ["0x" + ("%02x" % (int(proof[2][2:4], 16) ^ 1)) + proof[2][4:]] + proof[3:]
    assert failed(changed(["merkle_proof"], flipped)) == ["merkle_proof"]
    assert failed(changed(["merkle_proof"], proof + [proof[0]])) == ["merkle_proof"]
    assert "more than 64 hashes" in checks(changed(["merkle_proof"], proof * 7))["merkle_proof"].reason
    assert failed(changed(["leaf_index"], 301)) == ["merkle_proof"]
    assert "leaf_index must be" in checks(changed(["leaf_index"], "300"))["merkle_proof"].reason
    assert failed(changed(["merkle_algorithm"], "sorted-pair-keccak256")) == ["merkle_proof"]
    # the entry the leaf must be: recomputed from the receipt's fields
    assert "merkle_proof" in failed(changed(["sequence"], V3["sequence"] + 1))
    # the checkpoint: a byte of its text, its origin, its size
    note = GENUINE["log"]["checkpoint"]
    assert "checkpoint_signature" in failed(changed(["log", "checkpoint"], note.replace("\n600\n", "\n601\n")))
    assert failed(changed(["log", "origin"], "ctxlog.example/another")) == ["checkpoint_signature",
                                                                           "witness_cosignatures"]
    # a size of the same shape still proves the leaf: the checkpoint's own size must be log.tree_size
    assert failed(changed(["log", "tree_size"], 601)) == ["checkpoint_signature"]
    # the anchored tree
    cons = GENUINE["log"]["consistency_proof"]
    assert failed(changed(["log", "consistency_proof"], cons[::-1])) == ["log_consistency"]
    assert failed(changed(["log", "consistency_proof"], cons[:-1])) == ["log_consistency"]
    assert failed(changed(["merkle_root"], "0x" + "11" * 32)) == ["log_consistency"]
    assert failed(changed(["log", "anchored_tree_size"], 499)) == ["log_consistency"]
    assert "does not hold leaf_index" in checks(make_v4(index=300, anchored=300))["log_consistency"].reason
    equal = make_v4(anchored=600)
    assert failed(changed(["merkle_root"], "0x" + "11" * 32, equal)) == ["log_consistency"]
    assert failed(changed(["log", "consistency_proof"], cons, equal)) == ["log_consistency"]


@pytest.mark.parametrize("log", [None, "x", {}, {"origin": ORIGIN}], ids=["missing", "a string", "empty", "partial"])
def test_a_malformed_log_fails_its_checks_and_raises_nothing(log):
    bundle = changed(["log"], log)
    result = checks(bundle)
    assert sorted(name for name, c in result.items() if not c.ok) == sorted(
        ["merkle_proof", "checkpoint_signature", "witness_cosignatures", "log_consistency"])
    assert "log" in result["checkpoint_signature"].reason


def test_an_erased_version_4_bundle_still_proves_what_was_logged():
    erased = dict(copy.deepcopy(GENUINE), canonical_context=None, data_erased_at="2026-11-30T00:00:00.000Z")
    erased["context"]["context_data"] = None
    result = _offline_checks(erased, None)
    assert [c.name for c in result if c.unavailable] == ["canonical_context", "hash_matches"]
    assert verdict_of(result) == "verified_data_unavailable"


@pytest.mark.parametrize("flags", [["--log-key", "nope"], ["--log-key", WITNESS_KEYS[0]],
                                   ["--witness-key", WITNESS_KEYS[0], "--witness-threshold", "2"],
                                   ["--witness-key", CPS["log"]["verifier_key"]],
                                   ["--witness-threshold", "x"], ["--witness-key", WITNESS_KEYS[0]] * 2])
def test_cli_log_flags_refuse_bad_usage(flags, tmp_path):
    errors = []
    code = main(["verify", str(tmp_path / "proof.json"), "--rpc-url", "http://127.0.0.1:9"] + flags,
                out=lambda s: None, err=errors.append)
    assert code == 2
    assert errors and ("--log-key" in errors[0] or "--witness" in errors[0])
