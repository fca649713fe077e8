"""Erasure against the real API and anvil (test/e2e/python): salt=True salts what is hashed, a
context's and an agent's data are erased through the client, and verify_proof / `python -m ctxlog
verify` / audit_agent still prove what remains, the data checks unavailable unless the kept data
is supplied."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from ctxlog import SALT_METADATA_KEY, Client, audit_agent, hash_context, verify_proof

pytestmark = pytest.mark.stack
SRC = str(pathlib.Path(__file__).resolve().parents[1] / "src")


def test_salted_context_is_erased_and_still_proves_itself(stack, tenant, control, tmp_path):
    with Client(stack["base_url"], tenant["keys"]["full"]) as client:
        created = client.contexts.create("py-erase", {"consent": "yes"}, salt=True)
        salt = created.metadata[SALT_METADATA_KEY]
        assert created.context_hash == hash_context("py-erase", {"consent": "yes"}, {SALT_METADATA_KEY: salt})[1]
        assert created.context_hash != hash_context("py-erase", {"consent": "yes"}, {})[1]
        control("/anchor", context_ids=[created.context_id])

        erased = client.contexts.erase_data(created.context_id)
        assert (erased.context_data, erased.metadata) == (None, None) and erased.data_erased_at
        bundle = client.contexts.proof(created.context_id)
    assert bundle["canonical_context"] is None

    result = verify_proof(bundle, rpc_url=stack["rpc_url"])
    assert result.verified and result.data_erased and result.verdict == "verified_data_unavailable"
    assert [c.name for c in result.checks if c.status == "not_run"] == ["canonical_context", "hash_matches"]
    assert result.failed == []

    held = {"agent_id": "py-erase", "context_data": {"consent": "yes"}, "metadata": {SALT_METADATA_KEY: salt}}
    with_data = verify_proof(bundle, rpc_url=stack["rpc_url"], data=held)
    assert with_data.verdict == "verified" and not with_data.data_erased and all(c.ok for c in with_data.checks)
    guessed = verify_proof(bundle, rpc_url=stack["rpc_url"], data=dict(held, metadata={}))
    assert guessed.failed == ["hash_matches"]  # without the salt the guess does not match

    bundle_file, data_file = tmp_path / "proof.json", tmp_path / "context.json"
    bundle_file.write_text(json.dumps(bundle))
    data_file.write_text(json.dumps(held))
    env = dict(os.environ, PYTHONPATH=SRC)
    plain = subprocess.run([sys.executable, "-m", "ctxlog", "verify", str(bundle_file), "--rpc-url", stack["rpc_url"]],
                           capture_output=True, text=True, env=env, timeout=60)
    assert plain.returncode == 0, plain.stderr
    assert "NOT RUN  canonical_context" in plain.stdout and "VERIFIED, DATA UNAVAILABLE: " in plain.stdout
    held_run = subprocess.run([sys.executable, "-m", "ctxlog", "verify", str(bundle_file), "--rpc-url",
                               stack["rpc_url"], "--data", str(data_file)], capture_output=True, text=True, env=env,
                              timeout=60)
    assert held_run.returncode == 0 and "PASS     hash_matches" in held_run.stdout


def test_an_agent_erased_in_bulk_audits_complete(stack, tenant, control):
    with Client(stack["base_url"], tenant["keys"]["full"]) as client:
        ids = [client.contexts.create("py-erase-bulk", {"n": n}).context_id for n in range(3)]
        control("/anchor", context_ids=ids)
        step = client.contexts.erase_agent_data("py-erase-bulk")
        assert (step["erased"], step["remaining"], step["done"]) == (3, 0, True)
        result = audit_agent(client.agents.export("py-erase-bulk"), stack["rpc_url"])
    assert result.complete and result.erased_sequences == [1, 2, 3]
    assert result.summary.endswith("data erased (hashes kept) at 1-3")
