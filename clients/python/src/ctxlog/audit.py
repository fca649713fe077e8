"""audit_agent: proves an agent's log complete and anchored from its export (GET
/v1/agents/:agent_id/export, NDJSON) and a JSON-RPC node, streaming: it holds one entry at a time,
and of the past only the previous sequence and entry hash, plus bounded caches of what it asked
the chain. The break names are `npx ctxlog audit`'s (packages/sdk/src/audit/audit-agent.ts)."""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from dataclasses import asdict, dataclass
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Set, Union

from .canonical import CanonicalizationError, canonicalize
from .chain_entry import HASH32, ZERO_ENTRY_HASH, compute_entry_hash, parse_timestamp_ms, receipt_digest, verify_receipt
from .keccak import keccak256_hex
from .merkle import hash_pair
from .proof_bundle import V3_DOMAIN, field_problems
from .rpc import AnchorOnChain, RpcClient, RpcError
from .secp256k1 import eip191_digest, recover_address

__all__ = ["audit_agent", "AuditResult", "AuditBreak", "BREAK_KINDS", "ndjson_lines"]

BREAK_KINDS = ("malformed", "gap", "fork", "altered", "bad_signature", "unanchored", "not_confirmed",
               "receipt_missing", "receipt_mismatch", "bad_receipt_signature")
_LABELS = {
    "malformed": "malformed entry %d", "gap": "gap at %d", "fork": "fork at %d", "altered": "altered entry %d",
    "bad_signature": "bad signature at %d", "unanchored": "unanchored entry %d",
    "not_confirmed": "entry %d not yet confirmed", "receipt_missing": "receipt %d missing",
    "receipt_mismatch": "receipt %d differs from entry %%d", "bad_receipt_signature": "bad receipt signature at %d",
}
_MAX_SAFE = 2**53 - 1


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


class _ProvenNodes:
    """Merkle nodes known to fold into each of the last few roots (the batches in progress)."""

    def __init__(self, roots: int = 4) -> None:
        self.roots = roots
        self.by_root: "OrderedDict[str, Set[str]]" = OrderedDict()

    def of(self, root: str) -> Set[str]:
        nodes = self.by_root.get(root)
        if nodes is None:
            if len(self.by_root) >= self.roots:
                self.by_root.popitem(last=False)
            nodes = self.by_root[root] = set()
        return nodes


def _shape_problem(e: Any) -> Optional[str]:
    problems = field_problems(e, ["context_id", "context", "canonical_context", "context_hash", "signature",
                                  "signer_address"])
    if problems:
        return "; ".join(problems)
    if e.get("version") not in (2, 3):
        return "version is %s, not 2 (an entry of an agent log)" % json.dumps(e.get("version"))
    if not isinstance(e.get("user_id"), str):
        return "user_id must be a string"
    seq = e.get("sequence")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= _MAX_SAFE:
        return "sequence must be an integer ≥ 1"
    if not HASH32.match(str(e.get("prev_entry_hash"))):
        return "prev_entry_hash must be 32-byte 0x-hex"
    if not HASH32.match(str(e.get("entry_hash"))):
        return "entry_hash must be 32-byte 0x-hex"
    return None


def _content_problem(e: Dict[str, Any]) -> Optional[str]:
    ctx = e["context"]
    try:
        canonical = canonicalize({"agent_id": ctx["agent_id"], "context_data": ctx["context_data"],
                                  "metadata": {} if ctx.get("metadata") is None else ctx["metadata"]})
    except CanonicalizationError as error:
        return "its context cannot be canonicalized: %s" % error
    if canonical != e["canonical_context"]:
        return "its context is not its canonical_context"
    context_hash = keccak256_hex(canonical.encode("utf-8"))
    if context_hash != e["context_hash"].lower():
        return "its content hashes to %s, not %s" % (context_hash, e["context_hash"])
    entry_hash = compute_entry_hash(e["context_hash"], e["user_id"], ctx["agent_id"], e["sequence"],
                                    e["prev_entry_hash"])
    if entry_hash != e["entry_hash"].lower():
        return "its fields hash to %s, not its entry_hash %s" % (entry_hash, e["entry_hash"])
    return None


def _signature_problem(e: Dict[str, Any], trusted: Optional[Sequence[str]]) -> Optional[str]:
    try:
        if e.get("version") == 3:  # the one-signature bundle: the EIP-712 receipt signature
            if e.get("eip712_domain") != V3_DOMAIN:
                return "its eip712_domain is not %s" % V3_DOMAIN
            digest = receipt_digest(e["context_hash"], e["user_id"], e["context"]["agent_id"], e["sequence"],
                                    e["prev_entry_hash"], parse_timestamp_ms(e.get("received_at")))
        else:
            digest = eip191_digest(bytes.fromhex(e["context_hash"][2:]))
        recovered = recover_address(digest, e["signature"])
    except ValueError as error:
        return "its signature does not recover: %s" % error
    if recovered.lower() != e["signer_address"].lower():
        return "its signature recovers %s, not %s" % (recovered, e["signer_address"])
    if trusted is not None and not any(t.lower() == recovered.lower() for t in trusted):
        return "its signer %s is not a trusted attestation key" % recovered
    return None


def _proof_problem(e: Dict[str, Any], proven: _ProvenNodes) -> Optional[str]:
    proof = e.get("merkle_proof")
    if not isinstance(proof, list) or not all(isinstance(p, str) and HASH32.match(p) for p in proof) or \
            not HASH32.match(str(e.get("merkle_root"))):
        return "its Merkle proof or root is malformed"
    root = e["merkle_root"].lower()
    known = proven.of(root)
    node = e["entry_hash"].lower()
    path: List[str] = []
    for sibling in proof:
        if node in known:
            break
        sibling = sibling.lower()
        path += [node, sibling]
        node = "0x" + hash_pair(bytes.fromhex(node[2:]), bytes.fromhex(sibling[2:])).hex()
    if node != root and node not in known:
        return "its Merkle proof reaches %s, not merkle_root %s" % (node, e["merkle_root"])
    if len(known) > 50_000:  # a batch of 10,000 leaves has fewer than 20,000 nodes: more is no tree
        known.clear()
    known.update(path)
    return None


class _ChainReader:
    def __init__(self, rpc: RpcClient) -> None:
        self.rpc = rpc
        self.anchors: Dict[str, Optional[AnchorOnChain]] = {}
        self.blocks: Dict[int, Optional[str]] = {}
        self.head: Optional[int] = None

    def anchor(self, tx_hash: str) -> Optional[AnchorOnChain]:
        key = tx_hash.lower()
        if key not in self.anchors:
            if len(self.anchors) > 10_000:
                self.anchors.clear()
            try:
                self.anchors[key] = self.rpc.anchor(tx_hash)
            except RpcError:
                self.anchors[key] = None
        return self.anchors[key]

    def block_hash(self, n: int) -> Optional[str]:
        if n not in self.blocks:
            if len(self.blocks) > 10_000:
                self.blocks.clear()
            try:
                self.blocks[n] = self.rpc.block_hash(n)
            except RpcError:
                self.blocks[n] = None
        return self.blocks[n]

    def head_block(self) -> int:
        # read once per audit: every entry's depth is measured against the same block
        if self.head is None:
            self.head = self.rpc.block_number()
        return self.head


def _anchoring_break(e: Dict[str, Any], chain: _ChainReader, required_confirmations: Optional[int],
                     trusted_submitters: Optional[Sequence[str]]) -> Optional["tuple[str, str]"]:
    tx, root = e["transaction_hash"], e["merkle_root"]
    on_chain = chain.anchor(tx)
    if on_chain is None:
        return "not_confirmed", "the chain has no transaction %s (not mined, or reorged away)" % tx
    if on_chain.status != "success":
        return "unanchored", "transaction %s reverted" % tx
    log = next((a for a in on_chain.anchored if a.root == root.lower()), None)
    if log is None or (e.get("registry_address") and log.registry.lower() != str(e["registry_address"]).lower()):
        return "unanchored", "transaction %s has no Anchored log for %s from the registry" % (tx, root)
    submitters = trusted_submitters if trusted_submitters is not None else (
        [e["anchor_address"]] if e.get("anchor_address") else [])
    if not any(s.lower() == log.submitter.lower() for s in submitters):
        return "unanchored", "its root was anchored by %s, not the service's anchor key" % log.submitter
    canonical = chain.block_hash(on_chain.block_number)
    if canonical is None or canonical.lower() != on_chain.block_hash.lower():
        return "not_confirmed", "block %d is not on the canonical chain (reorg)" % on_chain.block_number
    required = required_confirmations if required_confirmations is not None else e.get("required_confirmations") or 1
    depth = chain.head_block() - on_chain.block_number + 1
    if depth < required:
        return "not_confirmed", "%d of %d confirmations" % (depth, required)
    return None


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
                timeout: float = 10.0) -> AuditResult:
    """Audits one agent's log. `entries` are the export's lines in sequence order: str or bytes
    lines, or parsed dicts, any iterable (`client.agents.export(agent_id)`, `ndjson_lines(file)`),
    read once. Checks, entry by entry: continuity (gap), the prev link (fork), canonical form,
    context hash and entry hash (altered), the signature (bad_signature), each receipt given
    (receipt_missing / receipt_mismatch / bad_receipt_signature), then the Merkle proof against an
    Anchored log sent by the anchor key on a canonical block at the required depth (unanchored /
    not_confirmed). Stops at the first break. Only an unreachable node raises (RpcUnreachableError)."""
    started = time.monotonic()
    rpc = RpcClient(rpc_url, timeout)
    try:
        return _audit(entries, _ChainReader(rpc), from_sequence, to_sequence, receipts, confirmations,
                      trusted_signers, trusted_submitters, started)
    finally:
        rpc.close()


def _audit(entries: Iterable[Any], chain: _ChainReader, expected_first: int, to_sequence: Optional[int],
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

    def finish(brk: Optional[AuditBreak]) -> AuditResult:
        last = previous[0] if previous else None
        span = "no entries" if first is None else "entries %d..%d" % (first, last if last is not None else first)
        summary = ("INCOMPLETE: agent %s, %s read: %s" % (agent_id or "?", span, brk.message) if brk else
                   "COMPLETE: agent %s, %s, every entry anchored and confirmed" % (agent_id or "?", span))
        return AuditResult(brk is None, agent_id, count, first, last, brk, summary,
                           int((time.monotonic() - started) * 1000))

    def brk(kind: str, sequence: int, what: str) -> AuditResult:
        return finish(AuditBreak(kind, sequence, "%s: %s" % (_label(kind, sequence), what)))

    anchored: Set[str] = set()
    proven = _ProvenNodes()
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
        shape = _shape_problem(value)
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

        altered = _content_problem(e)
        if altered:
            return brk("altered", seq, altered)
        bad = _signature_problem(e, trusted_signers)
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
        proof = _proof_problem(e, proven)
        if proof:
            return brk("altered", seq, proof)
        anchor = "%s|%s|%s|%s|%s" % (e["transaction_hash"], e["merkle_root"], e.get("registry_address"),
                                     e.get("anchor_address"), e.get("required_confirmations"))
        if anchor not in anchored:
            anchoring = _anchoring_break(e, chain, required, trusted_submitters)
            if anchoring:
                return brk(anchoring[0], seq, anchoring[1])
            if len(anchored) >= 1000:
                anchored.clear()
            anchored.add(anchor)

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
