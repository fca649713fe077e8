"""`python -m ctxlog verify-pack` (and `ctxlog-py verify-pack`): the verdict line, JSON and exit code
of `npx ctxlog verify-pack` for each kind of pack (cli-verify-pack.test.ts), and an RPC endpoint
that cannot be reached (a closed port) exits 3 after the offline verdict."""

import json
import os
import pathlib
import socket
import subprocess
import sys

from conftest import VECTORS
from ctxlog.cli import main

DIR = VECTORS / "evidence"
SRC = str(pathlib.Path(__file__).resolve().parents[1] / "src")
ATTESTATION = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
ANCHOR = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"


def run(*args):
    out, err = [], []
    code = main(list(args), out.append, err.append)
    return code, "\n".join(out), "\n".join(err)


def closed_port():
    """A port nothing listens on: bound, then closed."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def python_m_ctxlog(*args):
    # the installed wheel under test/e2e/python (CTXLOG_TEST_INSTALLED=1), else src/
    env = dict(os.environ) if os.environ.get("CTXLOG_TEST_INSTALLED") == "1" else dict(os.environ, PYTHONPATH=SRC)
    done = subprocess.run([sys.executable, "-m", "ctxlog", *args], env=env, capture_output=True, text=True,
                          timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_a_genuine_pack_exits_0_offline():
    code, out, _ = run("verify-pack", str(DIR / "valid.zip"))
    assert code == 0
    assert out == ("VERIFIED: planner-7 of usr_evidence, entries 3-10 (8) in 3 anchors; offline "
                   "(--rpc-url to check the blocks are canonical)")
    code, out, _ = run("verify-pack", str(DIR / "empty.zip"))
    assert code == 0 and out.startswith("VERIFIED: planner-7 of usr_evidence, entries none (0) in 0 anchors")


def test_an_erased_entry_says_data_unavailable_and_exits_0():
    code, out, _ = run("verify-pack", str(DIR / "erased.zip"))
    assert code == 0
    assert out.startswith("VERIFIED, DATA UNAVAILABLE for 1 entries (erased: 6): planner-7 of usr_evidence")


def test_a_failure_exits_1_naming_file_line_and_check():
    code, out, _ = run("verify-pack", str(DIR / "tampered/reorder.zip"))
    assert code == 1
    assert out == ("NOT VERIFIED: entries.ndjson line 2: sequence: sequence 5 where 4 was due "
                   "(an entry dropped, added or moved)")
    code, out, _ = run("verify-pack", str(DIR / "tampered/block-hash.zip"), "--json")
    result = json.loads(out)
    assert code == 1 and result["verdict"] == "failed" and result["online"] is False
    assert {k: v for k, v in result["failure"].items() if k != "reason"} == {
        "file": "anchors.json", "line": None, "at": "anchors[1].block", "check": "block_hash"}
    assert list(result) == ["verdict", "verified", "failure", "manifest", "entries", "erased_sequences", "blocks",
                            "required_confirmations", "online"]


def test_the_keys_are_held_to_expected_signer_and_submitter():
    file = str(DIR / "valid.zip")
    assert run("verify-pack", file, "--expected-signer", ATTESTATION, "--expected-submitter", ANCHOR)[0] == 0
    code, out, _ = run("verify-pack", file, "--expected-submitter", ATTESTATION)
    assert code == 1
    assert out.startswith("NOT VERIFIED: anchors.json anchors[0]: anchor_submitter: anchored by 0xf39F")
    assert out.endswith("not a trusted submitter")
    assert run("verify-pack", file, "--expected-signer", ANCHOR)[1].startswith(
        "NOT VERIFIED: manifest.json: manifest_signature: ")


def test_an_rpc_endpoint_at_a_closed_port_exits_3_after_the_offline_verdict():
    code, out, err = python_m_ctxlog("verify-pack", str(DIR / "valid.zip"), "--rpc-url",
                                     "http://127.0.0.1:%d" % closed_port())
    assert code == 3, err
    assert out.startswith("VERIFIED: planner-7 of usr_evidence, entries 3-10 (8) in 3 anchors; offline")
    assert "unreachable" in err


def test_an_rpc_url_that_is_no_http_endpoint_exits_3_too():
    code, out, err = run("verify-pack", str(DIR / "valid.zip"), "--rpc-url", "foo")
    assert code == 3 and out.startswith("VERIFIED: ") and "RPC endpoint foo is unreachable" in err


def test_a_tampered_pack_still_fails_offline_when_the_rpc_endpoint_is_down():
    code, out, _ = run("verify-pack", str(DIR / "tampered/drop-entry.zip"), "--rpc-url",
                       "http://127.0.0.1:%d" % closed_port())
    assert code == 1 and out.startswith("NOT VERIFIED: entries.ndjson line 3: sequence: ")


def test_a_file_that_is_no_zip_exits_2(tmp_path):
    file = tmp_path / "pack.zip"
    file.write_text("not a zip")
    code, out, err = run("verify-pack", str(file))
    assert code == 2 and out == ""
    assert err.startswith("ctxlog: cannot read an evidence pack (zip) from %s" % file)
    assert run("verify-pack", str(tmp_path / "absent.zip"))[0] == 2
    assert run("verify-pack")[0] == 2  # no file: usage
