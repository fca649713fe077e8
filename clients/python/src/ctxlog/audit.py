"""audit_agent: proves an agent's log complete and anchored from its export (GET
/v1/agents/:agent_id/export, NDJSON) and a JSON-RPC node, streaming: it holds one entry at a time,
and of the past only the previous sequence and entry hash, plus bounded caches of what it asked
the chain (and the log's tiles). The break and check names are `npx ctxlog audit`'s
(packages/sdk/src/audit/audit-agent.ts); each line's checks are audit_entry.py's, the
transparency log's audit_log.py's."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Union

from .audit_entry import ProvenNodes, content_problem, proof_problem, shape_problem, signature_problem
from .audit_log import AuditCheck, EntriesInLog, LogUnreadableError
from .chain_entry import ZERO_ENTRY_HASH, verify_receipt
from .proof_bundle import erased_at
from .audit_chain import ChainReader, anchoring_break
from .rpc import RpcClient

__all__ = ["audit_agent", "AuditResult", "AuditBreak", "AuditCheck", "BREAK_KINDS", "ndjson_lines",
           "LogUnreadableError"]

# evidence/entry_checks.py reads the line checks under their names from before audit_entry.py
_content_problem, _ProvenNodes, _proof_problem = content_problem, ProvenNodes, proof_problem

BREAK_KINDS = ("malformed", "gap", "fork", "altered", "bad_signature", "unanchored", "not_confirmed",
               "receipt_missing", "receipt_mismatch", "bad_receipt_signature")
_LABELS = {
    "malformed": "malformed entry %d", "gap": "gap at %d", "fork": "fork at %d", "altered": "altered entry %d",
    "bad_signature": "bad signature at %d", "unanchored": "unanchored entry %d",
    "not_confirmed": "entry %d not yet confirmed", "receipt_missing": "receipt %d missing",
    "receipt_mismatch": "receipt %d differs from entry %%d", "bad_receipt_signature": "bad receipt signature at %d",
}


@dataclass
class AuditBreak:
    kind: str
    sequence: int
    message: str


@dataclass
class AuditResult:
    complete: bool
    agent_id: Optional[str]
    entries: int
    first_sequence: Optional[int]
    last_sequence: Optional[int]
    first_break: Optional[AuditBreak]
    summary: str
    elapsed_ms: int
    #: entries whose data was erased: audited from their hashes, which never needed the data
    erased_sequences: List[int] = field(default_factory=list)
    #: the checks beside the chain's: entries_in_log (not_run when no entry is anchored by the log's
    #: tree head, or no log URL was given); a failed one makes the audit incomplete
    checks: List[AuditCheck] = field(default_factory=list)

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)


def _label(kind: str, n: int) -> str:
    if kind == "receipt_mismatch":
        return "receipt %d differs from entry %d" % (n, n)
    return _LABELS[kind] % n


def ndjson_lines(stream: Iterable[Union[bytes, str]]) -> Iterator[str]:
    """The non-blank lines of an NDJSON byte or text stream (a file, a response's chunks)."""
    buffered = ""
    decoder = None
    for chunk in stream:
        if isinstance(chunk, bytes):
            if decoder is None:
                import codecs

                decoder = codecs.getincrementaldecoder("utf-8")()
            chunk = decoder.decode(chunk)
        buffered += chunk
        *lines, buffered = buffered.split("\n")
        for line in lines:
            if line.strip():
                yield line
    if decoder is not None:
        buffered += decoder.decode(b"", final=True)
    if buffered.strip():
        yield buffered


def _receipt_difference(r: Dict[str, Any], e: Dict[str, Any]) -> Optional[str]:
    for name, mine, theirs in (("context_hash", r.get("context_hash"), e["context_hash"]),
                               ("user_id", r.get("user_id"), e["user_id"]),
                               ("agent_id", r.get("agent_id"), e["context"]["agent_id"]),
                               ("prev_entry_hash", r.get("prev_entry_hash"), e["prev_entry_hash"])):
        if str(mine).lower() != str(theirs).lower():
            return "the receipt's %s is %s, the log's %s" % (name, mine, theirs)
    return None


def audit_agent(entries: Iterable[Any], rpc_url: str, *, from_sequence: int = 1, to_sequence: Optional[int] = None,
                receipts: Optional[Iterable[Dict[str, Any]]] = None, confirmations: Optional[int] = None,
                trusted_signers: Optional[Sequence[str]] = None, trusted_submitters: Optional[Sequence[str]] = None,
                timeout: float = 10.0, log_url: Optional[str] = None, log_key: Optional[str] = None,
                log_headers: Optional[Mapping[str, str]] = None) -> AuditResult:
    """Audits one agent's log. `entries` are the export's lines in sequence order: str or bytes
    lines, or parsed dicts, any iterable (`client.agents.export(agent_id)`, `ndjson_lines(file)`),
    read once. Checks, entry by entry: continuity (gap), the prev link (fork), canonical form,
    context hash and entry hash (altered), the signature (bad_signature), each receipt given
    (receipt_missing / receipt_mismatch / bad_receipt_signature), then the Merkle proof against an
    Anchored log sent by the anchor key on a canonical block at the required depth (unanchored /
    not_confirmed). Stops at the first break. Entries anchored by the transparency log's tree head
    (version 4) are also checked in the log's current checkpoint (entries_in_log): `log_url` is the
    log (`<api>/v1/tlog`), `log_key` its verifier key to trust (default: the entries'), `log_headers`
    for a log served with TLOG_PUBLIC=false. Only an unreachable node (RpcUnreachableError) or log
    (LogUnreadableError) raises."""
    started = time.monotonic()
    rpc = RpcClient(rpc_url, timeout)
    in_log = EntriesInLog(log_url, log_key, log_headers, timeout)
    try:
        return _audit(entries, ChainReader(rpc), in_log, from_sequence, to_sequence, receipts, confirmations,
                      trusted_signers, trusted_submitters, started)
    finally:
        rpc.close()
        in_log.close()


def _audit(entries: Iterable[Any], chain: ChainReader, in_log: EntriesInLog, expected_first: int,
           to_sequence: Optional[int],
           receipts_in: Optional[Iterable[Dict[str, Any]]], required: Optional[int],
           trusted_signers: Optional[Sequence[str]], trusted_submitters: Optional[Sequence[str]],
           started: float) -> AuditResult:
    receipts: Dict[int, Dict[str, Any]] = {}
    for r in receipts_in or []:
        receipts[r["sequence"]] = r
    agent_id: Optional[str] = None
    count = 0
    first: Optional[int] = None
    previous: Optional["tuple[int, str]"] = None  # (sequence, entry_hash)
    erased: List[int] = []

    def finish(brk: Optional[AuditBreak]) -> AuditResult:
        last = previous[0] if previous else None
        span = "no entries" if first is None else "entries %d..%d" % (first, last if last is not None else first)
        check = in_log.result()
        failed = check.status == "failed"
        # a v1–v3 log says what it always said; a log with tree-head entries says how the log check went
        log_note = "" if in_log.tree_head_entries == 0 else "; %s %s: %s" % (
            check.name, check.status.replace("_", " "), check.reason)
        summary = ("INCOMPLETE: agent %s, %s read: %s" % (agent_id or "?", span, brk.message) if brk else
                   "%s: agent %s, %s, every entry anchored and confirmed%s%s" % (
                       "INCOMPLETE" if failed else "COMPLETE", agent_id or "?", span, _erased_note(erased), log_note))
        return AuditResult(brk is None and not failed, agent_id, count, first, last, brk, summary,
                           int((time.monotonic() - started) * 1000), list(erased), [check])

    def brk(kind: str, sequence: int, what: str) -> AuditResult:
        return finish(AuditBreak(kind, sequence, "%s: %s" % (_label(kind, sequence), what)))

    anchored: Set[str] = set()
    proven = ProvenNodes()
    for line in entries:
        value = line
        if isinstance(line, (bytes, str)):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                return brk("malformed", (previous[0] if previous else expected_first - 1) + 1, "a line is not JSON")
        expected = previous[0] + 1 if previous else expected_first
        shape = shape_problem(value)
        if shape:
            return brk("malformed", expected, shape)
        e: Dict[str, Any] = value
        seq = e["sequence"]
        if agent_id is None:
            agent_id = e["context"]["agent_id"]
        if e["context"]["agent_id"] != agent_id:
            return brk("fork", seq, "it belongs to agent %s" % e["context"]["agent_id"])
        if to_sequence is not None and seq > to_sequence:
            break

        if seq > expected:
            if expected in receipts:
                return brk("receipt_missing", expected,
                           "ctxlog's receipt places an entry here, the log has none (next is %d)" % seq)
            return brk("gap", expected, "the entry after %d is %d" % (expected - 1, seq))
        if seq < expected:
            return brk("fork", seq, "a second entry %d after entry %d" % (seq, expected - 1))
        prev_hash = previous[1] if previous else (ZERO_ENTRY_HASH if seq == 1 else None)
        if prev_hash is not None and e["prev_entry_hash"].lower() != prev_hash.lower():
            return brk("fork", seq, "its prev_entry_hash %s is not entry %d's %s" % (
                e["prev_entry_hash"], seq - 1, prev_hash))

        altered = content_problem(e)
        if altered:
            return brk("altered", seq, altered)
        bad = signature_problem(e, trusted_signers)
        if bad:
            return brk("bad_signature", seq, bad)

        receipt = receipts.get(seq)
        if receipt is not None:
            differs = _receipt_difference(receipt, e)
            if differs:
                return brk("receipt_mismatch", seq, differs)
            forged = verify_receipt(receipt, trusted_signers)
            if forged:
                return brk("bad_receipt_signature", seq, forged)
            del receipts[seq]  # matched: what is left in range at the end is missing

        if not e.get("transaction_hash") or not e.get("merkle_root"):
            return brk("unanchored", seq, "its status is %s, in no mined anchor" % e.get("status"))
        proof = proof_problem(e, proven)
        if proof:
            return brk("altered", seq, proof)
        anchor = "%s|%s|%s|%s|%s" % (e["transaction_hash"], e["merkle_root"], e.get("registry_address"),
                                     e.get("anchor_address"), e.get("required_confirmations"))
        if anchor not in anchored:
            anchoring = anchoring_break(e, chain, required, trusted_submitters)
            if anchoring:
                return brk(anchoring[0], seq, anchoring[1])
            if len(anchored) >= 1000:
                anchored.clear()
            anchored.add(anchor)
        if e.get("version") == 4:  # the chain holds its tree head: the log must still hold it at its index
            in_log.add(e)

        if erased_at(e) is not None:
            erased.append(seq)
        count += 1
        if first is None:
            first = seq
        previous = (seq, e["entry_hash"])

    last = previous[0] if previous else expected_first - 1
    if to_sequence is not None and last < to_sequence:
        if last + 1 in receipts:
            return brk("receipt_missing", last + 1, "ctxlog's receipt places an entry here, the log ends before it")
        return brk("gap", last + 1, "the log ends at %d, before %d" % (last, to_sequence))
    for sequence in sorted(receipts):
        if sequence >= expected_first and (to_sequence is None or sequence <= to_sequence):
            return brk("receipt_missing", sequence, "ctxlog's receipt places an entry here, the log ends at %d" % last)
    return finish(None)


def _erased_note(sequences: List[int]) -> str:
    """"; data erased (hashes kept) at 3, 7-9", or "" when no entry was erased."""
    if not sequences:
        return ""
    runs: List[str] = []
    start = end = sequences[0]
    for s in sequences[1:] + [None]:  # type: ignore[list-item]
        if s is not None and s == end + 1:
            end = s
            continue
        runs.append(str(start) if start == end else "%d-%d" % (start, end))
        if s is not None:
            start = end = s
    return "; data erased (hashes kept) at " + ", ".join(runs)
