"""`python -m ctxlog verify-pack` (and `ctxlog-py verify-pack`): the verdict line, JSON and exit code
of `npx ctxlog verify-pack` for each kind of pack (cli-verify-pack.test.ts), and an RPC endpoint
that cannot be reached (a closed port) exits 3 after the offline verdict; --log-key pins the log's
key and --witness-key and --witness-threshold hold the tree heads to a witness policy, as `verify`
reads them."""

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
_CASES = json.loads((DIR / "cases.json").read_text(encoding="utf-8"))["cases"]
# the vectors' witnesses: w1 cosigns the tree head, w2 never does (cases.json's policies)
_KEYS = [k for c in _CASES for k in c.get("witness_policy", {}).get("witnesses", [])]
W1 = next(k for k in _KEYS if k.startswith("witness.example/w1+"))
W2 = next(k for k in _KEYS if k.startswith("witness.example/w2+"))
# the vectors' log key, and another key of its name (cases.json's log keys)
LOG_KEY = next(c["log_key"] for c in _CASES if c.get("log_key") and c["verdict"] == "verified")
OTHER_KEY = next(c["log_key"] for c in _CASES if c.get("log_key") and c["verdict"] == "failed")


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
    assert out == ("VERIFIED: planner-7 of usr_evidence, entries 3-10 (8) in 3 anchors; each tree head (1) signed by "
                   "its own verifier_key (the pack's own word; --log-key to pin it); each tree head (1) cosigned "
                   "as its entries' witness_policy asks (the pack's own word; --witness-key to pin one); offline "
                   "(--rpc-url to check the blocks are canonical)")
    code, out, _ = run("verify-pack", str(DIR / "empty.zip"))
    assert code == 0 and out.startswith("VERIFIED: planner-7 of usr_evidence, entries none (0) in 0 anchors; no tree "
                                        "head, so no witness cosignature to check; offline")


def test_the_tree_heads_are_held_to_witness_key_and_threshold_when_given():
    file = str(DIR / "valid.zip")
    code, out, _ = run("verify-pack", file, "--witness-key", W1)
    assert code == 0
    assert "to pin it); each tree head (1) cosigned by 1 of witness.example/w1 (the given witness policy); " \
        "offline" in out
    result = json.loads(run("verify-pack", file, "--witness-key", W1, "--json")[1])
    assert result["witnesses"] == {"policy": "given", "threshold": 1, "witnesses": ["witness.example/w1"],
                                   "tree_heads": 1}
    # the threshold defaults to all the keys given
    code, out, _ = run("verify-pack", file, "--witness-key", W1, "--witness-key", W2)
    assert code == 1
    assert out == ("NOT VERIFIED: anchors.json anchors[2].tree_head: witness_cosignatures: 1 of 2 witnesses "
                   "cosigned (the given policy needs 2); missing: witness.example/w2")
    assert run("verify-pack", file, "--witness-key", W1, "--witness-key", W2, "--witness-threshold", "1")[0] == 0
    # without a policy the entries' own asks for w1; a policy of none given lets the pack verify
    unsigned = str(DIR / "tampered/witness-none.zip")
    code, out, _ = run("verify-pack", unsigned)
    assert code == 1
    assert out.startswith("NOT VERIFIED: entries.ndjson line 7: witness_cosignatures: entry 9: 0 of 1")
    assert run("verify-pack", unsigned, "--witness-threshold", "0")[0] == 0


def test_the_tree_heads_are_held_to_log_key_when_given():
    file = str(DIR / "valid.zip")
    code, out, _ = run("verify-pack", file, "--log-key", LOG_KEY)
    assert code == 0
    assert "in 3 anchors; each tree head (1) signed by the given log key; each tree head" in out
    assert json.loads(run("verify-pack", file, "--log-key", LOG_KEY, "--json")[1])["log_key"] == "given"
    code, out, _ = run("verify-pack", file, "--log-key", OTHER_KEY)
    assert code == 1
    assert out == ("NOT VERIFIED: anchors.json anchors[2].tree_head: checkpoint_signature: verifier_key %s is not "
                   "the given log key %s" % (LOG_KEY, OTHER_KEY))
    code, out, _ = run("verify-pack", str(DIR / "empty.zip"), "--log-key", OTHER_KEY)
    assert code == 0
    assert "in 0 anchors; no tree head to hold to the given log key; no tree head, so" in out


def test_a_log_key_that_is_no_logs_key_exits_2_before_the_pack_is_read():
    assert run("verify-pack", "absent.zip", "--log-key", "nope") == (
        2, "", "ctxlog: --log-key: verifier key is not name+keyid+key")
    assert run("verify-pack", "absent.zip", "--log-key", W1) == (
        2, "", "ctxlog: --log-key must be a log's Ed25519 verifier key (type 0x01)")


def test_a_witness_policy_that_could_never_be_met_or_is_no_policy_exits_2():
    file = str(DIR / "valid.zip")
    code, out, err = run("verify-pack", file, "--witness-key", W1, "--witness-threshold", "2")
    assert code == 2 and out == ""
    assert err.startswith("ctxlog: --witness-key/--witness-threshold: witness threshold must be 0 to")
    not_number = run("verify-pack", file, "--witness-threshold", "x")
    assert not_number[0] == 2 and not_number[2] == "ctxlog: --witness-threshold must be an integer ≥ 0"
    assert run("verify-pack", file, "--witness-key", "nope")[0] == 2


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
                            "required_confirmations", "log_key", "witnesses", "online"]


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
    assert out.startswith("VERIFIED: planner-7 of usr_evidence, entries 3-10 (8) in 3 anchors; ")
    assert "; offline (--rpc-url" in out and "unreachable" in err


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
