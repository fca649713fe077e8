"""entries.ndjson, line by line as the zip streams it (check-entries.ts): each line an export line
of the agent's log (a proof bundle), in sequence order with no gap, each linked to the one before,
its content, receipt and Merkle proof genuine, and its anchor one proven in anchors.json. An entry
of a tree-head anchor is a version 4 bundle, its proof RFC 6962 inclusion in the anchored tree
(tree_head.py), its checkpoint cosigned as its log.witness_policy asks unless a policy was given
(witnesses.py); its receipt and content are version 3's. Of the
past it keeps the previous entry, the batches in progress and one record per day and per anchor."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from ..proof_bundle import erased_at
from ._js import UNDEFINED, date_parse, js_str, strict_eq, to_lower
from .anchors import ProvenAnchors
from .entry_checks import ProvenNodes, content_problem, entry_shape_problem, proof_problem, signature_problem
from .erasures import ErasureLedger
from .failure import fail_at, guarded
from .signers import SignerPeriods
from .tree_head import inclusion_problem, tree_head_reference_problem
from .witnesses import RecordedWitnesses

__all__ = ["CheckedEntries", "check_entries"]

FILE = "entries.ndjson"


@dataclass
class CheckedEntries:
    count: int = 0
    first: Optional[Dict[str, Any]] = None
    last: Optional[Dict[str, Any]] = None
    erased_sequences: List[int] = field(default_factory=list)
    #: the transactions the entries are anchored in, lowercase
    transactions: Set[str] = field(default_factory=set)
    #: activity.json as the entries say it should be, by date in order of first entry
    days: Dict[str, Dict[str, Any]] = field(default_factory=dict)


def check_entries(lines: Iterable[Tuple[int, Any]], manifest: Dict[str, Any], anchors: ProvenAnchors,
                  signers: SignerPeriods, erasures: ErasureLedger,
                  trusted_signers: Optional[Sequence[str]] = None,
                  recorded_witnesses: Optional[RecordedWitnesses] = None) -> CheckedEntries:
    """`recorded_witnesses`: the entries' own witness policies; None when the caller gave one
    (checked in anchors.json)."""
    out = CheckedEntries()
    proven = ProvenNodes()
    for line, value in lines:
        def check(line: int = line, value: Any = value) -> Dict[str, Any]:
            return _check_line(line, value, out, proven, manifest, anchors, signers, erasures, trusted_signers,
                               recorded_witnesses)

        checked = guarded(FILE, line, "entry_shape", check)
        if out.first is None:
            out.first = checked
        out.last = checked
        out.count += 1
    # The range is a run of sequences: from the first entry received at or after `from` to the last
    # received before `to` (completeness.json's neighbours show none was left out at either end).
    # Receipt times follow sequence order only up to the API processes' clock skew, so the entries
    # between are not held to the range one by one.
    start, end = date_parse(manifest["range"]["from"]), date_parse(manifest["range"]["to"])
    first, last = out.first, out.last
    if first is not None:
        at = first.get("received_at", UNDEFINED)
        t = date_parse(at) if at is not UNDEFINED else None
        if t is None or start is None or not t >= start:
            fail_at(FILE, 1, "entry_scope", "the first entry was received at %s, not at or after the range's from %s"
                    % (_time(at), manifest["range"]["from"]))
    if last is not None:
        at = last.get("received_at", UNDEFINED)
        t = date_parse(at) if at is not UNDEFINED else None
        if t is None or end is None or not t < end:
            fail_at(FILE, out.count, "entry_scope", "the last entry was received at %s, not before the range's to %s"
                    % (_time(at), manifest["range"]["to"]))
    return out


def _time(at: Any) -> str:
    return "an unknown time (no receipt)" if at is UNDEFINED or at is None else js_str(at)


def _check_line(line: int, value: Any, out: CheckedEntries, proven: ProvenNodes, manifest: Dict[str, Any],
                anchors: ProvenAnchors, signers: SignerPeriods, erasures: ErasureLedger,
                trusted_signers: Optional[Sequence[str]],
                recorded_witnesses: Optional[RecordedWitnesses]) -> Dict[str, Any]:
    def fail(check: str, reason: str) -> None:
        fail_at(FILE, line, check, reason)

    shape = entry_shape_problem(value)
    if shape:
        fail("entry_shape", shape)
    line4 = value["version"] == 4
    # a version 4 bundle holds version 3's fields, receipt and content alike
    e: Dict[str, Any] = dict(value, version=3) if line4 else value
    if not strict_eq(e.get("status", UNDEFINED), "confirmed"):
        status = e.get("status", UNDEFINED)
        fail("entry_shape", "status is %s: a pack holds confirmed entries only" % (
            "undefined" if status is UNDEFINED else json.dumps(status, ensure_ascii=False, separators=(",", ":"))))
    if e["user_id"] != manifest["user_id"] or e["context"]["agent_id"] != manifest["agent_id"]:
        fail("entry_scope", "entry of %s/%s, not the manifest's %s/%s" % (
            e["user_id"], e["context"]["agent_id"], manifest["user_id"], manifest["agent_id"]))
    previous = out.last
    seq_range = manifest["sequence_range"]
    expected = previous["sequence"] + 1 if previous else (seq_range["first"] if seq_range else 1)
    if e["sequence"] != expected:
        fail("sequence", "sequence %d where %d was due (an entry dropped, added or moved)" % (e["sequence"], expected))
    if previous and e["prev_entry_hash"].lower() != previous["entry_hash"].lower():
        fail("chain_link", "prev_entry_hash %s is not entry %d's entry_hash %s" % (
            e["prev_entry_hash"], previous["sequence"], previous["entry_hash"]))

    seq = e["sequence"]
    content = content_problem(e)
    if content:
        fail("content", "entry %d: %s" % (seq, content))
    signature = signature_problem(e, trusted_signers)
    if signature:
        fail("receipt", "entry %d: %s" % (seq, signature))
    period = signers.attestation_problem(e["signer_address"], e.get("received_at", UNDEFINED))
    if period:
        fail("receipt_signer", "entry %d: %s" % (seq, period))
    proof = inclusion_problem(e) if line4 else proof_problem(e, proven)
    if proof:
        fail("merkle_proof", "entry %d: %s" % (seq, proof))

    tx = e.get("transaction_hash", UNDEFINED)
    a = anchors.by_transaction.get(tx.lower()) if isinstance(tx, str) else None
    if a is None:
        fail("anchor_reference", "entry %d's transaction %s is not in anchors.json" % (seq, js_str(tx)))
    assert a is not None
    if not strict_eq(e.get("chain_id", UNDEFINED), anchors.chain_id) or to_lower(
            e.get("registry_address", UNDEFINED)) != anchors.registry_address:
        fail("anchor_reference", "entry %d is on chain %s, registry %s, not anchors.json's" % (
            seq, js_str(e.get("chain_id", UNDEFINED)), js_str(e.get("registry_address", UNDEFINED))))
    if not strict_eq(e.get("block_number", UNDEFINED), a.block_number):
        fail("anchor_reference", "entry %d says block %s, its transaction is in block %d" % (
            seq, js_str(e.get("block_number", UNDEFINED)), a.block_number))
    if e["merkle_root"].lower() not in a.roots:
        fail("anchor_reference", "entry %d's merkle_root %s was not anchored by %s" % (
            seq, e["merkle_root"], a.transaction_hash))
    if line4 != (a.tree_head is not None):
        fail("anchor_reference", (
            "entry %d is of the log's tree head (version 4), its transaction %s anchored no tree head" % (
                seq, a.transaction_hash)) if line4 else (
            "entry %d is of a batch's tree (version %s), its transaction %s anchored the log's tree head" % (
                seq, e["version"], a.transaction_hash)))
    if line4:
        assert a.tree_head is not None
        head = tree_head_reference_problem(e, a.tree_head)
        if head:
            fail("anchor_reference", head)
        cosigned = recorded_witnesses.problem(e) if recorded_witnesses is not None else None
        if cosigned:
            fail("witness_cosignatures", "entry %d: %s" % (seq, cosigned))
    out.transactions.add(a.transaction_hash)

    erased = erased_at(e) is not None
    erasures.entry(e, erased, line)
    if erased:
        out.erased_sequences.append(seq)
    if "received_at" in e:
        _add_to_day(out.days, e["received_at"], erased)
    return e


def _add_to_day(days: Dict[str, Dict[str, Any]], received_at: Any, erased: bool) -> None:
    if not isinstance(received_at, str):
        raise TypeError("received_at.slice is not a function")
    date = received_at[:10]
    day = days.get(date)
    if day is None:
        days[date] = {"date": date, "entries": 1, "erased": 1 if erased else 0,
                      "first_received_at": received_at, "last_received_at": received_at}
        return
    day["entries"] += 1
    if erased:
        day["erased"] += 1
    # entries come in sequence order, which is received order within a log
    day["last_received_at"] = received_at
