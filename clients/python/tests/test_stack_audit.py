"""audit_agent and `python -m ctxlog audit` against the real API's export and a real anvil: a
clean log audits complete, streamed from the API; each kind of tampering (in PostgreSQL or in the
export) is caught by the same name as `npx ctxlog audit` gives it."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import each_backend
from ctxlog import Client, audit_agent

pytestmark = pytest.mark.stack
SRC = str(pathlib.Path(__file__).resolve().parents[1] / "src")
AGENT = "py-audited"
ENTRIES = 60


@pytest.fixture(scope="module")
def log(stack, tenant, control):
    client = Client(stack["base_url"], tenant["keys"]["full"])
    created = client.contexts.create_many([{"agent_id": AGENT, "context_data": {"n": n}} for n in range(ENTRIES)])
    receipts = []
    for n in range(ENTRIES, ENTRIES + 2):  # two more with their receipts (create answers with one)
        one = client.contexts.create(AGENT, {"n": n})
        created.append(one)
        receipts.append(one.receipt.to_dict())
    ids = [c.context_id for c in created]
    for i in range(0, len(ids), 25):  # three anchor transactions
        control("/anchor", context_ids=ids[i:i + 25])
    return client, receipts


def lines_of(client):
    return list(client.agents.export(AGENT))


def brk(result):
    return (result.complete, result.first_break and result.first_break.kind,
            result.first_break and result.first_break.sequence)


@each_backend()
def test_a_clean_log_audits_complete_streamed_from_the_api(log, stack, backend):
    client, receipts = log
    result = audit_agent(client.agents.export(AGENT), stack["rpc_url"], receipts=receipts, to_sequence=ENTRIES + 2)
    assert result.first_break is None
    assert (result.complete, result.entries, result.first_sequence, result.last_sequence) == (
        True, ENTRIES + 2, 1, ENTRIES + 2)
    assert result.summary.startswith("COMPLETE: agent py-audited, entries 1..62")


def test_tampering_is_caught_by_name(log, stack, control):
    client, receipts = log
    rpc = stack["rpc_url"]
    lines = lines_of(client)

    # the stored context changed in PostgreSQL (the export writes it as each entry's context)
    stored = json.loads(lines[19])["canonical_context"]
    changed = stored.replace('"n":19', '"n":"changed"')
    assert changed != stored
    previous = control("/set-canonical-json", agent_id=AGENT, sequence=20, canonical_json=changed)["previous"]
    try:
        result = audit_agent(lines_of(client), rpc)
        assert brk(result) == (False, "altered", 20)
        assert result.first_break.message.startswith("altered entry 20: its content hashes to")
    finally:
        control("/set-canonical-json", agent_id=AGENT, sequence=20, canonical_json=previous)
    # ... and in the file: the context no longer its canonical_context
    edited = json.loads(lines[19])
    edited["context"]["context_data"]["n"] = "changed"
    result = audit_agent(lines[:19] + [json.dumps(edited)] + lines[20:], rpc)
    assert brk(result) == (False, "altered", 20)
    assert result.first_break.message.startswith("altered entry 20: its context is not its canonical_context")

    gap = lines[:29] + lines[30:]
    assert brk(audit_agent(gap, rpc)) == (False, "gap", 30)
    assert "gap at 30: the entry after 29 is 31" in audit_agent(gap, rpc).summary
    repeated = lines[:50] + [lines[49]] + lines[50:]
    assert brk(audit_agent(repeated, rpc)) == (False, "fork", 50)
    out_of_order = lines[:49] + [lines[50], lines[49]] + lines[51:]
    assert brk(audit_agent(out_of_order, rpc)) == (False, "gap", 50)
    relinked = json.loads(lines[40])
    relinked["prev_entry_hash"] = "0x" + "ee" * 32
    assert brk(audit_agent(lines[:40] + [json.dumps(relinked)] + lines[41:], rpc)) == (False, "fork", 41)
    resigned = json.loads(lines[10])
    resigned["signature"] = json.loads(lines[11])["signature"]
    assert brk(audit_agent(lines[:10] + [resigned] + lines[11:], rpc)) == (False, "bad_signature", 11)
    unanchored = dict(json.loads(lines[14]), status="pending", transaction_hash=None, merkle_root=None)
    assert brk(audit_agent(lines[:14] + [unanchored] + lines[15:], rpc)) == (False, "unanchored", 15)
    assert brk(audit_agent(lines[:14] + ["{not json"], rpc)) == (False, "malformed", 15)

    # the receipts: the head entry removed, a receipt that does not match its entry
    assert brk(audit_agent(lines[:-1], rpc)) == (True, None, None)  # nothing else shows it
    assert brk(audit_agent(lines[:-1], rpc, receipts=receipts)) == (False, "receipt_missing", ENTRIES + 2)
    wrong = dict(receipts[0], context_hash=receipts[1]["context_hash"])
    assert brk(audit_agent(lines, rpc, receipts=[wrong])) == (False, "receipt_mismatch", ENTRIES + 1)
    forged = dict(receipts[0], received_at="2000-01-01T00:00:00.000Z")
    assert brk(audit_agent(lines, rpc, receipts=[forged])) == (False, "bad_receipt_signature", ENTRIES + 1)


def test_an_anchor_without_the_required_depth_is_not_confirmed(log, stack, control):
    client, _ = log
    extra = client.contexts.create(AGENT, {"n": "late"})
    control("/anchor", context_ids=[extra.context_id], confirm=False)
    result = audit_agent(lines_of(client), stack["rpc_url"])
    assert brk(result) == (False, "not_confirmed", ENTRIES + 3)
    assert "1 of 3 confirmations" in result.summary
    control("/mine", blocks=3)
    assert audit_agent(lines_of(client), stack["rpc_url"]).complete


def run_cli(*args):
    done = subprocess.run([sys.executable, "-m", "ctxlog", "audit", *args], env=dict(os.environ, PYTHONPATH=SRC),
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout


def test_cli_audit_exit_codes(log, stack, tenant, tmp_path):
    client, receipts = log
    lines = lines_of(client)
    export = tmp_path / "export.ndjson"
    export.write_text("\n".join(lines) + "\n")
    code, out = run_cli(str(export), "--rpc-url", stack["rpc_url"], "--to", str(len(lines)))
    assert code == 0 and out.startswith("COMPLETE: agent py-audited, entries 1..%d" % len(lines))
    code, out = run_cli(str(export), "--rpc-url", stack["rpc_url"], "--to", str(len(lines) + 2))
    assert code == 1 and "gap at %d" % (len(lines) + 1) in out
    code, out = run_cli("--api", stack["base_url"], "--key", tenant["keys"]["read_only"], "--agent", AGENT,
                        "--rpc-url", stack["rpc_url"], "--json")
    assert code == 0 and json.loads(out)["entries"] == len(lines)
    receipts_file = tmp_path / "receipts.ndjson"
    receipts_file.write_text("\n".join(json.dumps(r) for r in receipts))
    cut = tmp_path / "cut.ndjson"
    cut.write_text("\n".join(lines[:ENTRIES + 1]))
    assert run_cli(str(cut), "--rpc-url", stack["rpc_url"], "--receipts", str(receipts_file))[0] == 1
    assert run_cli(str(tmp_path / "missing.ndjson"), "--rpc-url", stack["rpc_url"])[0] == 2
    assert run_cli("--rpc-url", stack["rpc_url"])[0] == 2
    assert run_cli(str(export), "--rpc-url", "http://127.0.0.1:9")[0] == 3


# ---- the transparency log (issue 43): entries anchored by its tree head -------------------------

LOG_AGENT = "py-log-audited"
#: the development log key (.env.example's TLOG_SIGNING_KEY), which signs the test stack's log
DEV_LOG_SIGNER = "PRIVATE+KEY+localhost/ctxlog-dev-tlog+a89cbd3f+Adex8PSEptx8l714xKQjxsUkOvYmIeDPxrU+53EmBz7F"


@pytest.fixture(scope="module")
def tree_head_log(stack, tenant, control):
    """Three anchors of two tree heads: 1..4 and 5..12 of the same one (all twelve were in the log
    when it was anchored), 13..16 of the log grown since. The export's lines, each as its version 4
    bundle (until the export writes them)."""
    client = Client(stack["base_url"], tenant["keys"]["full"])
    created = [client.contexts.create(LOG_AGENT, {"n": n}).context_id for n in range(12)]
    control("/anchor", context_ids=created[:4], tree_head=True)
    control("/anchor", context_ids=created[4:], tree_head=True)
    # written after the first tree head: the log has grown when the second is anchored
    created = [client.contexts.create(LOG_AGENT, {"n": n}).context_id for n in range(12, 16)]
    control("/anchor", context_ids=created, tree_head=True)
    lines = []
    for line in client.agents.export(LOG_AGENT):
        entry = json.loads(line)
        proof = client.contexts.proof(entry["context_id"])
        lines.append(json.dumps(dict(entry, **proof) if proof["version"] == 4 else entry))
    return lines


def test_tree_head_entries_are_found_at_their_log_indexes_in_the_apis_log(tree_head_log, stack):
    lines, rpc, log_url = tree_head_log, stack["rpc_url"], stack["base_url"] + "/tlog"
    assert [json.loads(line)["version"] for line in lines] == [4] * 16
    result = audit_agent(lines, rpc, log_url=log_url, to_sequence=16)
    assert brk(result) == (True, None, None)
    [check] = result.checks
    assert (check.name, check.status) == ("entries_in_log", "passed")
    assert check.reason.startswith("16 entries at their log indexes, 2 anchored tree heads consistent with the log's "
                                   "checkpoint of ")
    assert "; entries_in_log passed: 16 entries" in result.summary
    chain_only = audit_agent(lines, rpc)
    assert chain_only.complete and chain_only.checks[0].status == "not_run"
    bare = dict(json.loads(lines[3]))
    del bare["log"]
    assert audit_agent(lines[:3] + [json.dumps(bare)], rpc).first_break.message == \
        "malformed entry 4: it has no log object (a version 4 line carries one)"
    moved = json.loads(lines[6])
    moved["leaf_index"] += 1
    result = audit_agent(lines[:6] + [json.dumps(moved)] + lines[7:], rpc)
    assert brk(result) == (False, "altered", 7)
    assert "its RFC 6962 proof of leaf" in result.summary


def test_a_log_under_the_same_key_that_dropped_an_anchored_entry_fails_entries_in_log(tree_head_log, stack, tmp_path):
    from test_audit_log import Log

    from ctxlog import tlog
    from ctxlog._log_reader import LogReader

    reader = LogReader(stack["base_url"] + "/tlog")
    size = tlog.parse_checkpoint(tlog.parse_signed_note(reader.checkpoint()).text).size
    served = [reader.entry_at(i, size) for i in range(size)]
    reader.close()
    dropped = json.loads(tree_head_log[8])["leaf_index"]
    fork = Log(tlog.note_signer(DEV_LOG_SIGNER), "localhost/ctxlog-dev-tlog")
    try:
        fork.append(served[:dropped] + served[dropped + 1:])
        fork.publish()
        result = audit_agent(tree_head_log, stack["rpc_url"], log_url=fork.url, to_sequence=16)
        assert result.first_break is None and not result.complete
        assert result.checks[0].status == "failed"
        assert result.summary.startswith("INCOMPLETE: agent py-log-audited, entries 1..16, every entry anchored and "
                                         "confirmed; entries_in_log failed: entry ")
        export = tmp_path / "log.ndjson"
        export.write_text("\n".join(tree_head_log) + "\n")
        assert run_cli(str(export), "--rpc-url", stack["rpc_url"], "--log-url", stack["base_url"] + "/tlog")[0] == 0
        assert run_cli(str(export), "--rpc-url", stack["rpc_url"], "--log-url", fork.url)[0] == 1
        assert run_cli(str(export), "--rpc-url", stack["rpc_url"], "--log-url", "http://127.0.0.1:9/tlog")[0] == 3
    finally:
        fork.server.shutdown()
        fork.server.server_close()


def test_a_line_claiming_another_size_for_its_anchored_root_is_unanchored(tree_head_log, stack):
    """A line of the last tree head restated in a tree of another size whose proof has the same
    shape (a checkpoint of that size and the anchored root, signed by the log's own key): the
    Anchored count is the size, so it is not anchored by that transaction."""
    from ctxlog import tlog

    for i in range(12, 16):
        e = json.loads(tree_head_log[i])
        leaf = tlog.leaf_hash(bytes.fromhex(e["entry_hash"][2:]))
        proof = [bytes.fromhex(h[2:]) for h in e["merkle_proof"]]
        anchored = e["log"]["anchored_tree_size"]
        for size in range(e["leaf_index"] + 1, 2 * anchored):
            try:
                root = tlog.root_from_inclusion_proof(e["leaf_index"], size, leaf, proof)
            except tlog.TlogError:
                continue
            if size == anchored or "0x" + root.hex() != e["merkle_root"]:
                continue
            text = tlog.format_checkpoint(tlog.Checkpoint("localhost/ctxlog-dev-tlog", size, root))
            checkpoint = tlog.sign_note(text, [tlog.note_signer(DEV_LOG_SIGNER)])
            e["log"].update(tree_size=size, anchored_tree_size=size, checkpoint=checkpoint, consistency_proof=[])
            result = audit_agent(tree_head_log[:i] + [json.dumps(e)], stack["rpc_url"])
            assert brk(result) == (False, "unanchored", i + 1)
            assert result.first_break.message == ("unanchored entry %d: its root was anchored as a tree of %d leaves, "
                                                  "not log.anchored_tree_size %d" % (i + 1, anchored, size))
            return
    pytest.fail("no line of the last tree head has a proof that fits another size")
