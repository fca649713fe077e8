"""The audit and the transparency log (issue 43), as packages/sdk/src/audit/log-proof.ts and
entries-in-log.ts: a version 4 line's Merkle check (its leaf at its log index in the checkpoint's
tree, that tree one log with the one anchored on chain), and entries_in_log: the log indexes show
that no anchored entry left the log. For the entries anchored by the log's tree head, the log's
CURRENT checkpoint (opened with the log's key) must still hold each entry at its log index — its
entry bundle holds the entry hash, and an inclusion proof built from the served tiles leads to the
checkpoint's root — and each anchored tree head must be a prefix of it (a consistency proof from
the tiles). A log that dropped, changed or forked away an anchored entry fails it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Set, Tuple

from ._log_reader import LogReader, LogUnreadableError
from .chain_entry import HASH32
from .tlog import (Checkpoint, NoteVerifierKey, TlogError, leaf_hash, open_checkpoint, parse_checkpoint,
                   parse_signed_note, parse_verifier_key, verify_consistency, verify_inclusion)

__all__ = ["ENTRIES_IN_LOG", "AuditCheck", "EntriesInLog", "LogUnreadableError", "entry_log_problem",
           "log_proof_problem"]

ENTRIES_IN_LOG = "entries_in_log"
RFC6962 = "RFC6962-SHA256"
_MAX_SAFE = 2**53 - 1


@dataclass
class AuditCheck:
    """One check of the audit: three-valued, as every verdict (one that could not run is not_run)."""
    name: str
    status: str  # "passed" | "failed" | "not_run"
    reason: str


def _size(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= _MAX_SAFE


def _hashes(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(h, str) and HASH32.match(h) for h in v)


def entry_log_problem(e: Dict[str, Any]) -> Optional[str]:
    """Why a version 4 line's log fields are unusable, or None."""
    if e.get("merkle_algorithm") != RFC6962:
        return "its merkle_algorithm is %s, not %s (version 4)" % (json.dumps(e.get("merkle_algorithm")), RFC6962)
    log = e.get("log")
    if not isinstance(log, dict):
        return "it has no log object (a version 4 line carries one)"
    for name in ("origin", "verifier_key", "checkpoint"):
        if not isinstance(log.get(name), str) or not log[name]:
            return "its log.%s must be a non-empty string" % name
    for name in ("tree_size", "anchored_tree_size"):
        if not _size(log.get(name)) or log[name] < 1:
            return "its log.%s must be an integer ≥ 1" % name
    if not _hashes(log.get("consistency_proof")):
        return "its log.consistency_proof must be 32-byte 0x-hex hashes"
    if not _size(e.get("leaf_index")):
        return "its leaf_index must be an integer ≥ 0"
    if not _hashes(e.get("merkle_proof")) or not HASH32.match(str(e.get("merkle_root"))):
        return "its Merkle proof or root is malformed"
    return None


def _unhex(h: str) -> bytes:
    return bytes.fromhex(h[2:])


# the lines of one tree head carry the same checkpoint: parsed once, each pair proven consistent once
_last_note: Optional[Tuple[str, Checkpoint]] = None
_consistent: Set[str] = set()


def log_proof_problem(e: Dict[str, Any]) -> Optional[str]:
    """Whether a version 4 line's proof holds: entry_hash's leaf at leaf_index in the checkpoint's
    tree of log.tree_size leaves, inside the anchored tree of log.anchored_tree_size leaves, and that
    tree (root merkle_root) consistent with the checkpoint's. The checkpoint's signature is
    entries_in_log's to check. Returns why not, or None."""
    global _last_note
    shape = entry_log_problem(e)
    if shape:
        return shape
    log = e["log"]
    try:
        if _last_note is None or _last_note[0] != log["checkpoint"]:
            _last_note = (log["checkpoint"], parse_checkpoint(parse_signed_note(log["checkpoint"]).text))
    except TlogError as error:
        return "its log.checkpoint is not a checkpoint: %s" % error
    checkpoint = _last_note[1]
    if checkpoint.size != log["tree_size"]:
        return "its checkpoint is of %d leaves, log.tree_size says %d" % (checkpoint.size, log["tree_size"])
    anchored, index = log["anchored_tree_size"], e["leaf_index"]
    if index >= anchored:
        return "its leaf_index %d is not in the anchored tree of %d leaves" % (index, anchored)
    try:
        verify_inclusion(index, log["tree_size"], leaf_hash(_unhex(e["entry_hash"])),
                         [_unhex(h) for h in e["merkle_proof"]], checkpoint.root_hash)
    except TlogError as error:
        return "its RFC 6962 proof of leaf %d in the checkpoint's tree fails: %s" % (index, error)
    key = "|".join([e["merkle_root"], str(anchored), log["checkpoint"]] + log["consistency_proof"]).lower()
    if key in _consistent:
        return None
    root, proof = _unhex(e["merkle_root"]), [_unhex(h) for h in log["consistency_proof"]]
    try:
        # either may be the older tree: the anchored one a prefix of the checkpoint's, or the reverse
        if anchored <= checkpoint.size:
            verify_consistency(anchored, checkpoint.size, root, checkpoint.root_hash, proof)
        else:
            verify_consistency(checkpoint.size, anchored, checkpoint.root_hash, root, proof)
    except TlogError as error:
        return "its anchored tree (merkle_root, %d leaves) and its checkpoint's tree of %d are not one log: %s" % (
            anchored, checkpoint.size, error)
    if len(_consistent) >= 1000:
        _consistent.clear()
    _consistent.add(key)
    return None


class _CheckFailed(Exception):
    pass


class EntriesInLog:
    """entries_in_log, streamed: each entry anchored by a tree head is checked as it comes. The first
    failure fails the check, which then stops; a log that cannot be read raises LogUnreadableError,
    as an RPC endpoint that cannot be read does."""

    def __init__(self, url: Optional[str] = None, verifier_key: Optional[str] = None,
                 headers: Optional[Mapping[str, str]] = None, timeout: float = 10.0) -> None:
        self.reader = LogReader(url, headers, timeout) if url else None
        self.pinned = verifier_key
        self.current: Optional[Tuple[Checkpoint, NoteVerifierKey, str]] = None
        self.tree_head_entries = 0  # given; `entries` of them proven in the log
        self.entries = 0
        self.heads: Set[str] = set()
        self.head_count = 0
        self.failure: Optional[str] = None

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()

    def add(self, e: Dict[str, Any]) -> None:
        self.tree_head_entries += 1
        if self.failure is not None or self.reader is None:
            return
        try:
            why = self._problem(e, self.reader)
        except _CheckFailed as error:
            why = str(error)
        if why is not None:
            self.failure = "entry %d: %s" % (e["sequence"], why)

    def _open(self, e: Dict[str, Any], reader: LogReader) -> Tuple[Checkpoint, NoteVerifierKey, str]:
        """The log's current checkpoint, opened with the pinned key or the entry's."""
        note = reader.checkpoint()
        whose = "the given log key" if self.pinned else "the entries' log key"
        try:
            key = parse_verifier_key(self.pinned or e["log"]["verifier_key"])
            return open_checkpoint(note, e["log"]["origin"], key).checkpoint, key, whose
        except TlogError as error:
            raise _CheckFailed("the log's checkpoint does not open with %s: %s" % (whose, error)) from None

    def _prefix_problem(self, size: int, root: bytes, what: str, reader: LogReader) -> Optional[str]:
        checkpoint = self.current[0]  # type: ignore[index]
        try:
            verify_consistency(size, checkpoint.size, root, checkpoint.root_hash,
                               reader.consistency_proof(size, checkpoint.size))
            return None
        except TlogError as error:
            return "%s is not a prefix of the log's checkpoint of %d leaves: %s" % (what, checkpoint.size, error)

    def _problem(self, e: Dict[str, Any], reader: LogReader) -> Optional[str]:
        anchored = e["log"]["anchored_tree_size"]
        if self.current is None:
            self.current = self._open(e, reader)
        # a checkpoint read before this tree head was published (the log grows while a long export is
        # audited): read it again, proven a successor of the one held. Still behind, the check fails
        # and stops, so each tree head costs one read at most.
        if anchored > self.current[0].size:
            older = self.current[0]
            self.current = self._open(e, reader)
            grown = self._prefix_problem(older.size, older.root_hash, "the log's previous checkpoint", reader)
            if grown:
                return grown
        checkpoint = self.current[0]
        if anchored > checkpoint.size:
            return "its tree head of %d leaves was anchored, the log's checkpoint has %d" % (anchored, checkpoint.size)
        head = "%d|%s" % (anchored, e["merkle_root"].lower())
        if head not in self.heads:
            what = "the tree head of %d leaves anchored with root %s" % (anchored, e["merkle_root"])
            inconsistent = self._prefix_problem(anchored, _unhex(e["merkle_root"]), what, reader)
            if inconsistent:
                return inconsistent
            if len(self.heads) >= 1000:
                self.heads.clear()
            self.heads.add(head)
            self.head_count += 1
        index = e["leaf_index"]
        try:
            held = reader.entry_at(index, checkpoint.size)
            if "0x" + held.hex() != e["entry_hash"].lower():
                return "the log holds 0x%s at index %d, not its entry hash %s" % (held.hex(), index, e["entry_hash"])
            verify_inclusion(index, checkpoint.size, leaf_hash(_unhex(e["entry_hash"])),
                             reader.inclusion_proof(index, checkpoint.size), checkpoint.root_hash)
        except TlogError as error:
            return "the log's tiles do not prove it at index %d of %d: %s" % (index, checkpoint.size, error)
        self.entries += 1
        return None

    def result(self) -> AuditCheck:
        counts = "%d entries at their log indexes, %d anchored tree heads consistent" % (self.entries, self.head_count)
        if self.failure is not None:
            return AuditCheck(ENTRIES_IN_LOG, "failed", "%s (before it: %s)" % (self.failure, counts))
        if self.tree_head_entries == 0:
            return AuditCheck(ENTRIES_IN_LOG, "not_run", "no entry of the export is anchored by the log's tree head")
        if self.reader is None or self.current is None:
            return AuditCheck(ENTRIES_IN_LOG, "not_run", "%d entries are anchored by the log's tree head, but there "
                              "is no log to read (give its URL: --log-url, or --api)" % self.tree_head_entries)
        checkpoint, key, whose = self.current
        return AuditCheck(ENTRIES_IN_LOG, "passed", "%s with the log's checkpoint of %d leaves (%s, signed by %s, %s)"
                          % (counts, checkpoint.size, checkpoint.origin, key.name, whose))
