"""verify_proof and `python -m ctxlog verify` against a real anvil: bundles served by the real API
for contexts anchored as the chain worker anchors them; a version 3 bundle made from the same
context and its real receipt; tampered bundles caught by check name; an unreachable node."""

import copy
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import each_backend
from ctxlog import RpcUnreachableError, verify_proof
from ctxlog.verify import CHECK_NAMES

pytestmark = pytest.mark.stack
SRC = str(pathlib.Path(__file__).resolve().parents[1] / "src")


@pytest.fixture(scope="module")
def anchored(stack, tenant, control):
    from ctxlog import Client

    with Client(stack["base_url"], tenant["keys"]["full"]) as client:
        created = [client.contexts.create("py-proof", {"step": i, "é": [1e21, 1e-7]}, {"run": i}) for i in range(3)]
        control("/anchor", context_ids=[c.context_id for c in created])
        bundles = [client.contexts.proof(c.context_id) for c in created]
    return created, bundles


def v3_of(bundle, receipt):
    """The one-signature bundle (version 3) of the same context: the receipt's EIP-712 signature."""
    v3 = dict(bundle, version=3, received_at=receipt.received_at, eip712_domain={"name": "ctxlog", "version": "1"},
              signature_scheme="EIP-712", signature=receipt.signature, signer_address=receipt.signer)
    return v3


def failed(result):
    return [c.name for c in result.checks if not c.ok]


@each_backend()
def test_served_bundles_verify_on_the_chain(anchored, stack, backend):
    created, bundles = anchored
    for bundle in bundles:
        assert bundle["version"] == 3  # one EIP-712 signature per context
        result = verify_proof(bundle, rpc_url=stack["rpc_url"])
        assert [c.name for c in result.checks] == list(CHECK_NAMES)
        assert result.verified, [c for c in result.checks if not c.ok]
        assert result.confirmations >= stack["confirmations"] and result.block_number == bundle["block_number"]


@each_backend()
def test_a_version_3_bundle_verifies_and_its_signature_is_the_receipt(anchored, stack, backend):
    created, bundles = anchored
    v3 = v3_of(bundles[1], created[1].receipt)
    result = verify_proof(v3, rpc_url=stack["rpc_url"])
    assert result.verified, failed(result)
    assert "EIP-712" in result.check("signature_valid").reason
    late = dict(v3, received_at="2000-01-01T00:00:00.000Z")
    assert failed(verify_proof(late, rpc_url=stack["rpc_url"])) == ["signature_valid"]


@each_backend()
def test_tampered_bundles_fail_the_check_they_break(anchored, stack, backend):
    bundle = anchored[1][0]
    rpc = stack["rpc_url"]

    changed = copy.deepcopy(bundle)
    changed["context"]["context_data"]["step"] = 99
    assert failed(verify_proof(changed, rpc_url=rpc)) == ["canonical_context"]

    recanonicalized = dict(changed, canonical_context=changed["canonical_context"].replace('"step":0', '"step":99'))
    assert failed(verify_proof(recanonicalized, rpc_url=rpc)) == ["hash_matches"]

    other_root = dict(bundle, merkle_root="0x" + "11" * 32)
    assert failed(verify_proof(other_root, rpc_url=rpc)) == ["merkle_proof", "anchored_log", "anchor_submitter"]

    wrong_block = dict(bundle, block_number=bundle["block_number"] - 1)
    assert failed(verify_proof(wrong_block, rpc_url=rpc)) == ["block"]

    other_chain = dict(bundle, chain_id=1)
    assert failed(verify_proof(other_chain, rpc_url=rpc)) == ["transaction"]

    unknown_tx = dict(bundle, transaction_hash="0x" + "22" * 32)
    result = verify_proof(unknown_tx, rpc_url=rpc)
    assert failed(result) == ["transaction", "anchored_log", "anchor_submitter", "block", "confirmations"]
    assert "no receipt" in result.check("transaction").reason

    deep = verify_proof(bundle, rpc_url=rpc, confirmations=10_000)
    assert failed(deep) == ["confirmations"]
    pinned = verify_proof(bundle, rpc_url=rpc, expected_signers=["0x" + "33" * 20], trusted_submitters=["0x" + "33" * 20])
    assert failed(pinned) == ["signature_valid", "anchor_submitter"]
    assert not verify_proof("not a bundle", rpc_url=rpc).verified


def test_an_unreachable_node_raises_instead_of_failing_checks(anchored):
    with pytest.raises(RpcUnreachableError):
        verify_proof(anchored[1][0], rpc_url="http://127.0.0.1:9", timeout=1)


def run_cli(*args, stdin=None):
    done = subprocess.run([sys.executable, "-m", "ctxlog", *args], env=dict(os.environ, PYTHONPATH=SRC),
                          capture_output=True, text=True, input=stdin, timeout=60)
    return done.returncode, done.stdout, done.stderr


def test_cli_verify_exit_codes(anchored, stack, tmp_path):
    bundle = anchored[1][0]
    good = tmp_path / "proof.json"
    good.write_text(json.dumps(bundle))
    code, out, _ = run_cli("verify", str(good), "--rpc-url", stack["rpc_url"])
    assert code == 0 and out.splitlines()[0].startswith("PASS     canonical_context")
    assert "VERIFIED: %s is in block %d" % (bundle["context_id"], bundle["block_number"]) in out
    code, out, _ = run_cli("verify", "-", "--rpc-url", stack["rpc_url"], "--json", stdin=json.dumps(bundle))
    assert code == 0 and json.loads(out)["verified"] is True

    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(dict(bundle, merkle_root="0x" + "11" * 32)))
    code, out, _ = run_cli("verify", str(tampered), "--rpc-url", stack["rpc_url"])
    assert code == 1 and "NOT VERIFIED: merkle_proof, anchored_log, anchor_submitter failed" in out

    assert run_cli("verify", str(tmp_path / "missing.json"), "--rpc-url", stack["rpc_url"])[0] == 2
    assert run_cli("verify", str(good))[0] == 2  # no --rpc-url
    assert run_cli("verify", str(good), "--rpc-url", stack["rpc_url"], "--confirmations", "0")[0] == 2
    assert run_cli("verify", str(good), "--rpc-url", "http://127.0.0.1:9")[0] == 3
