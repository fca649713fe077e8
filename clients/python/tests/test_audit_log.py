"""The audit and the transparency log, without the stack: a version 4 line's Merkle check
(log_proof_problem), and entries_in_log against logs served on loopback (C2SP tlog-tiles, built
here from the shared vectors' keys): the entries of anchored tree heads pass in the honest log as
it grows; a log that dropped, changed or forked away an anchored entry fails, and so does one whose
checkpoint the log's key did not sign; with no tree-head entry or no log URL the check does not
run; a log that cannot be read raises. The same cases as packages/sdk/src/audit/*.test.ts."""

import hashlib
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import vectors
from ctxlog import tlog
from ctxlog.audit_log import EntriesInLog, LogUnreadableError, log_proof_problem
from ctxlog.tlog import (Checkpoint, entry_bundle_path, format_checkpoint, leaf_hash, parse_tile_path,
                         prove_consistency, prove_inclusion, tree_hash)

CPS = vectors("tlog/checkpoints.json")
ORIGIN = CPS["origin"]
LOG_KEY = CPS["log"]["verifier_key"]
LOG_SIGNER = tlog.note_signer(CPS["log"]["signer_key"])
IMPOSTOR = tlog.note_keys.signer_key_from_seed(ORIGIN, bytes(32))  # the log's name, another key


def entry(label):
    return hashlib.sha256(label.encode()).digest()


def labels(prefix, start, end):
    return [entry("%s %d" % (prefix, i)) for i in range(start, end)]


class Log:
    """A log held in memory, served on loopback: tiles and entry bundles of its current entries."""

    def __init__(self, signer=LOG_SIGNER, origin=ORIGIN):
        self.entries, self.leaf_hashes = [], []  # the bundles' entries; the tree's hashes (tests change one)
        self.signer, self.origin, self.note, self.requests, self.failing = signer, origin, None, [], None
        log = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.replace("/tlog/", "", 1)
                log.requests.append(path)
                body = None if log.failing else log.serve(path)
                self.send_response(log.failing or (200 if body is not None else 404))
                self.end_headers()
                self.wfile.write(body or b"")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d/tlog" % self.server.server_address[1]

    def append(self, entries):
        self.entries += entries
        self.leaf_hashes += [leaf_hash(e) for e in entries]

    def hashes(self, size=None):
        return self.leaf_hashes[:size]

    def serve(self, path):
        if path == "checkpoint":
            return self.note.encode() if self.note else None
        try:
            tile = parse_tile_path(path)
        except tlog.TlogError:
            return None
        level = tile.level or 0
        span = 1 << (8 * level)
        first = tile.index * 256
        if (first + tile.width) * span > len(self.entries):
            return None
        if tile.kind == "entries":
            return b"".join(len(e).to_bytes(2, "big") + e for e in self.entries[first:first + tile.width])
        hashes = self.hashes()
        return b"".join(tree_hash(hashes[i * span:(i + 1) * span]) for i in range(first, first + tile.width))

    def publish(self):
        text = format_checkpoint(Checkpoint(self.origin, len(self.entries), tree_hash(self.hashes())))
        self.note = tlog.sign_note(text, [self.signer])
        return self.note

    def line(self, index, anchored, sequence=None):
        return {"sequence": index + 1 if sequence is None else sequence, "entry_hash": "0x" + self.entries[index].hex(),
                "leaf_index": index, "merkle_root": "0x" + tree_hash(self.hashes(anchored)).hex(),
                "log": {"origin": ORIGIN, "verifier_key": LOG_KEY, "anchored_tree_size": anchored}}


@pytest.fixture
def serve():
    logs = []

    def make(signer=LOG_SIGNER):
        logs.append(Log(signer))
        return logs[-1]

    yield make
    for log in logs:
        log.server.shutdown()
        log.server.server_close()


def check(url, lines, key=None):
    in_log = EntriesInLog(url, key)
    try:
        for line in lines:
            in_log.add(line)
        return in_log.result()
    finally:
        in_log.close()


def test_entries_of_anchored_tree_heads_pass_in_the_log_as_it_has_grown(serve):
    log = serve()
    log.append(labels("e", 0, 300))
    lines = [log.line(i, 300) for i in (5, 255, 256, 299)]
    log.append(labels("e", 300, 700))
    lines.append(log.line(650, 700))
    log.publish()
    result = check(log.url, lines)
    assert (result.name, result.status) == ("entries_in_log", "passed")
    assert result.reason == ("5 entries at their log indexes, 2 anchored tree heads consistent with the log's "
                             "checkpoint of 700 leaves (%s, signed by %s, the entries' log key)" % (ORIGIN, ORIGIN))
    assert {"tile/entries/000", "tile/entries/002.p/188"} <= set(log.requests)


def test_the_checkpoint_is_read_again_for_a_tree_head_anchored_after_it_was_read(serve):
    log = serve()
    log.append(labels("g", 0, 40))
    log.publish()
    in_log = EntriesInLog(log.url)
    in_log.add(log.line(7, 40))
    log.append(labels("g", 40, 90))
    log.publish()
    in_log.add(log.line(60, 90))
    result = in_log.result()
    in_log.close()
    assert result.status == "passed"
    assert result.reason.startswith("2 entries at their log indexes, 2 anchored tree heads consistent with the log's "
                                    "checkpoint of 90 leaves")
    assert log.requests.count("checkpoint") == 2


def test_a_log_that_changed_forked_or_dropped_an_anchored_entry_fails(serve):
    honest = serve()
    honest.append(labels("e", 0, 300))
    lines = [honest.line(i, 300) for i in (10, 120, 200)]

    changed = serve()
    changed.append(labels("e", 0, 300))
    changed.entries[120] = entry("another 120")
    changed.publish()
    result = check(changed.url, lines)
    assert result.status == "failed"
    assert re.match(r"entry 121: the log holds 0x[0-9a-f]{64} at index 120, not its entry hash", result.reason)
    assert result.reason.endswith("(before it: 1 entries at their log indexes, 1 anchored tree heads consistent)")

    fork = serve()
    fork.append(labels("e", 0, 150) + labels("fork", 150, 400))
    fork.publish()
    result = check(fork.url, lines)
    assert result.status == "failed"
    assert re.match(r"entry 11: the tree head of 300 leaves anchored with root 0x[0-9a-f]{64} is not a prefix of "
                    r"the log's checkpoint of 400 leaves", result.reason)

    cut = serve()
    cut.append(labels("e", 0, 250))
    cut.publish()
    result = check(cut.url, lines)
    assert result.status == "failed"
    assert result.reason.startswith("entry 11: its tree head of 300 leaves was anchored, the log's checkpoint has 250")
    assert cut.requests.count("checkpoint") == 2  # read again: it could have been a newer one


def test_a_checkpoint_the_logs_key_did_not_sign_fails_and_a_pinned_key_wins(serve):
    impostor = serve(tlog.note_signer(tlog.note_keys.format_signer_key(IMPOSTOR)))
    impostor.append(labels("e", 0, 20))
    impostor.publish()
    lines = [impostor.line(3, 20)]
    result = check(impostor.url, lines)
    assert result.status == "failed"
    assert result.reason.startswith("entry 4: the log's checkpoint does not open with the entries' log key")
    claimed = [dict(line, log=dict(line["log"], verifier_key=tlog.format_verifier_key(IMPOSTOR))) for line in lines]
    assert check(impostor.url, claimed).status == "passed"
    assert "does not open with the given log key" in check(impostor.url, claimed, LOG_KEY).reason


def test_it_does_not_run_without_tree_head_entries_or_a_log_url_and_raises_when_the_log_cannot_be_read(serve):
    assert check("http://127.0.0.1:9/tlog", []).__dict__ == {
        "name": "entries_in_log", "status": "not_run",
        "reason": "no entry of the export is anchored by the log's tree head"}
    log = serve()
    log.append(labels("e", 0, 8))
    log.publish()
    result = check(None, [log.line(2, 8)])
    assert result.status == "not_run"
    assert result.reason.startswith("1 entries are anchored by the log's tree head, but there is no log to read")
    log.failing = 503
    with pytest.raises(LogUnreadableError):
        check(log.url, [log.line(2, 8)])
    with pytest.raises(LogUnreadableError):
        check("http://127.0.0.1:9/tlog", [log.line(2, 8)])
    assert entry_bundle_path(0, 8) == "tile/entries/000.p/8"


# ---- log_proof_problem: a version 4 line's own proof -----------------------------------------

LEAVES = [entry("entry %d" % i) for i in range(40)]
HASHES = [leaf_hash(leaf) for leaf in LEAVES]


def v4_line(index, size, anchored):
    old, new = sorted((anchored, size))
    note = tlog.sign_note(format_checkpoint(Checkpoint(ORIGIN, size, tree_hash(HASHES[:size]))), [LOG_SIGNER])
    return {"sequence": index + 1, "entry_hash": "0x" + LEAVES[index].hex(), "merkle_algorithm": "RFC6962-SHA256",
            "leaf_index": index, "merkle_proof": ["0x" + h.hex() for h in prove_inclusion(index, HASHES[:size])],
            "merkle_root": "0x" + tree_hash(HASHES[:anchored]).hex(),
            "log": {"origin": ORIGIN, "verifier_key": LOG_KEY, "tree_size": size, "checkpoint": note,
                    "anchored_tree_size": anchored,
                    "consistency_proof": ["0x" + h.hex() for h in prove_consistency(old, HASHES[:new])]}}


def test_log_proof_problem_passes_a_leaf_of_the_anchored_tree_head():
    for i in (0, 13, 24):
        assert log_proof_problem(v4_line(i, 25, 25)) is None
    assert log_proof_problem(v4_line(13, 40, 25)) is None
    assert log_proof_problem(v4_line(3, 20, 25)) is None  # the checkpoint older than the anchored tree


def test_log_proof_problem_fails_a_wrong_leaf_proof_root_size_or_algorithm():
    good = v4_line(13, 40, 25)
    assert log_proof_problem(dict(good, entry_hash="0x" + LEAVES[14].hex())).startswith(
        "its RFC 6962 proof of leaf 13 in the checkpoint's tree fails")
    assert re.match(r"its RFC 6962 proof of leaf 12 .* fails", log_proof_problem(dict(good, leaf_index=12)))
    assert log_proof_problem(dict(good, merkle_root="0x" + tree_hash(HASHES[:24]).hex())).startswith(
        "its anchored tree (merkle_root, 25 leaves) and its checkpoint's tree of 40 are not one log")
    assert log_proof_problem(dict(good, log=dict(good["log"], tree_size=39))) == \
        "its checkpoint is of 40 leaves, log.tree_size says 39"
    assert log_proof_problem(v4_line(30, 40, 25)) == "its leaf_index 30 is not in the anchored tree of 25 leaves"
    assert "not RFC6962-SHA256" in log_proof_problem(dict(good, merkle_algorithm="sorted-pair-keccak256"))
    assert "no log object" in log_proof_problem(dict(good, log=None))
