"""The shared vectors (test-vectors/, generated from the TypeScript implementation): the Python
client must give the same bytes and the same verdicts, on every secp256k1 backend present."""

import json

import pytest

from conftest import vectors
from ctxlog import canonicalize, compute_entry_hash, hash_context, process_merkle_proof, verify_merkle_proof
from ctxlog import secp256k1 as secp
from ctxlog.canonical import CanonicalizationError
from ctxlog.chain_entry import receipt_digest_of, verify_receipt
from ctxlog.merkle import build_merkle_tree
from ctxlog.proof_bundle import with_held_data
from ctxlog.verify import _offline_checks, verdict_of

BACKENDS = secp.available_backends()


@pytest.fixture(params=BACKENDS)
def backend(request):
    before = secp.backend_name()
    secp.use_backend(request.param)
    yield request.param
    secp.use_backend(before)


def test_at_least_two_backends_are_tested_here():
    assert len(BACKENDS) >= 2, BACKENDS


@pytest.mark.parametrize("case", vectors("canonical.json")["cases"], ids=lambda c: c["name"])
def test_canonical_json(case):
    assert canonicalize(json.loads(case["input_json"])) == case["canonical"]


@pytest.mark.parametrize("case", vectors("canonical.json")["refused"], ids=lambda c: c["name"])
def test_canonical_json_refuses_lone_surrogates(case):
    with pytest.raises(CanonicalizationError, match="surrogate"):
        canonicalize(json.loads(case["input_json"]))


@pytest.mark.parametrize("case", vectors("hashes.json")["contexts"], ids=lambda c: c["agent_id"])
def test_context_hashes(case):
    args = (case["agent_id"], case["context_data"]) + ((case["metadata"],) if "metadata" in case else ())
    assert hash_context(*args) == (case["canonical"], case["context_hash"])


@pytest.mark.parametrize("case", vectors("hashes.json")["entries"], ids=lambda c: str(c["sequence"]))
def test_entry_hashes(case):
    assert compute_entry_hash(case["context_hash"], case["user_id"], case["agent_id"], case["sequence"],
                              case["prev_entry_hash"]) == case["entry_hash"]


@pytest.mark.parametrize("case", vectors("receipts.json")["receipts"], ids=lambda c: c["name"])
def test_receipts(case, backend):
    if "digest" in case:
        assert "0x" + receipt_digest_of(case["receipt"]).hex() == case["digest"]
    problem = verify_receipt(case["receipt"])
    assert (problem is None) == case["valid"], problem


@pytest.mark.parametrize("case", vectors("receipts.json")["recoveries"], ids=lambda c: c["form"])
def test_signer_recovery_in_each_signature_form(case, backend):
    digest = bytes.fromhex(case["digest"][2:])
    if case["address"] is None:
        with pytest.raises(ValueError):
            secp.recover_address(digest, case["signature"])
    else:
        assert secp.recover_address(digest, case["signature"]) == case["address"]


def test_merkle_trees_and_proofs():
    data = vectors("merkle.json")
    for tree in data["trees"]:
        root, proofs = build_merkle_tree(tree["leaves"])
        assert (root, proofs) == (tree["root"], tree["proofs"])
        for leaf, proof in zip(tree["leaves"], tree["proofs"]):
            assert process_merkle_proof(leaf, proof) == tree["root"]
    for bad in data["invalid"]:
        assert not verify_merkle_proof(bad["leaf"], bad["proof"], bad["root"]), bad["name"]


@pytest.mark.parametrize("case", vectors("bundles.json")["cases"], ids=lambda c: c["name"])
def test_bundle_offline_checks(case, backend):
    # erased cases: `unavailable` names the data checks that could not run; `held`, the data supplied
    bundle = with_held_data(case["bundle"], case["held"]) if "held" in case else case["bundle"]
    result = _offline_checks(bundle, None)
    assert {c.name: c.ok for c in result} == case["expected"]
    assert [c.name for c in result if c.unavailable] == case.get("unavailable", [])
    assert verdict_of(result) == case["verdict"]


def test_expected_signers_pin_the_key():
    v3 = vectors("bundles.json")["cases"][2]["bundle"]
    checks = {c.name: c for c in _offline_checks(v3, [vectors("bundles.json")["signer"]])}
    assert not checks["signature_valid"].ok
    assert "not one of the expected signers" in checks["signature_valid"].reason
