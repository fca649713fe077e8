"""completeness.json and activity.json (check-completeness.ts). The range is all of the log between
its neighbours: the receipt of the entry before links to the first entry (its entry hash is the
first's prev_entry_hash) and was received before the range; the receipt of the entry after links
to the last and was received at or after its end; no entry after means the range ends at the log's
head. activity.json is what the entries say, day by day."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence

from ..canonical import canonicalize
from ..chain_entry import ZERO_ENTRY_HASH, compute_entry_hash, receipt_digest
from ..secp256k1 import recover_address
from ._js import UNDEFINED, date_parse, is_safe_int, js_str, prop, strict_eq, to_lower
from .entries import CheckedEntries
from .failure import fail_at
from .manifest import is_hash32
from .signers import SignerPeriods

__all__ = ["check_completeness", "check_activity"]

FILE = "completeness.json"


def _fail(reason: str, at: Optional[str] = None) -> None:
    fail_at(FILE, None, "completeness", reason, at)


def _s(v: Any) -> str:
    return js_str(v)


def check_completeness(c: Any, manifest: Dict[str, Any], entries: CheckedEntries, signers: SignerPeriods,
                       trusted_signers: Optional[Sequence[str]] = None) -> None:
    if not isinstance(c, dict) or not isinstance(c.get("head"), (dict, list)) or "before" not in c or "after" not in c:
        _fail("must be {first_sequence, last_sequence, before, after, head}")
    first = entries.first["sequence"] if entries.first else None
    last = entries.last["sequence"] if entries.last else None
    r = manifest["sequence_range"]
    given_first, given_last = c.get("first_sequence", UNDEFINED), c.get("last_sequence", UNDEFINED)
    if (not strict_eq(given_first, first) or not strict_eq(given_last, last)
            or (r["first"] if r else None) != first or (r["last"] if r else None) != last):
        _fail("first_sequence %s, last_sequence %s and the manifest's sequence_range must be the entries' (%s..%s)"
              % (_s(given_first), _s(given_last), _s(first), _s(last)))
    head = c["head"]
    if not is_safe_int(prop(head, "sequence")) or not is_hash32(prop(head, "entry_hash")):
        _fail("head must be {sequence, entry_hash}", "head")

    # the log runs before → the entries (none for an empty period) → after, each linked to the one before
    before, after = c["before"], c["after"]
    if before is not None:
        _neighbour(before, "before", manifest, signers, trusted_signers)
        t, start = date_parse(before["received_at"]), date_parse(manifest["range"]["from"])
        if t is None or start is None or not t < start:
            _fail("entry %s was received at %s, inside the range: the range must start with it" % (
                _s(before["sequence"]), _s(before["received_at"])), "before")
        low = (before["sequence"], _entry_hash(before))
    else:
        low = (0, ZERO_ENTRY_HASH)
    nxt = entries.first or after
    if _truthy(nxt) and (not strict_eq(prop(nxt, "sequence"), low[0] + 1)
                         or to_lower(prop(nxt, "prev_entry_hash")) != low[1]):
        what = ("the first entry (%s)" if entries.first else "after (%s)") % _s(prop(nxt, "sequence"))
        _fail("%s does not follow entry %s (sequence + 1, prev_entry_hash its entry hash %s)" % (
            what, _s(before["sequence"]), low[1]) if before else
              "%s is not entry 1 with a zero prev_entry_hash, and no receipt of the entry before it is given" % what,
              "before")
    top = (entries.last["sequence"], entries.last["entry_hash"].lower()) if entries.last else low
    if after is None:
        if head["sequence"] != top[0] or head["entry_hash"].lower() != top[1]:
            _fail("no entry after %s, yet the head is entry %s %s" % (_s(top[0]), _s(head["sequence"]),
                                                                     head["entry_hash"]), "head")
        return
    _neighbour(after, "after", manifest, signers, trusted_signers)
    if after["sequence"] != top[0] + 1 or after["prev_entry_hash"].lower() != top[1]:
        _fail("entry %s does not follow entry %s (sequence + 1, prev_entry_hash its entry hash)" % (
            _s(after["sequence"]), _s(top[0])), "after")
    t, end = date_parse(after["received_at"]), date_parse(manifest["range"]["to"])
    if t is None or end is None or not t >= end:
        _fail("entry %s was received at %s, inside the range: the range must end with it" % (
            _s(after["sequence"]), _s(after["received_at"])), "after")
    if head["sequence"] < after["sequence"]:
        _fail("the head (%s) is before entry %s" % (_s(head["sequence"]), _s(after["sequence"])), "head")


def _truthy(v: Any) -> bool:
    """JavaScript's truthiness of a JSON value: every object and array is true."""
    return isinstance(v, (dict, list)) or bool(v)


def _entry_hash(r: Dict[str, Any]) -> str:
    return compute_entry_hash(r["context_hash"], r["user_id"], r["agent_id"], r["sequence"], r["prev_entry_hash"])


def _neighbour(r: Any, at: str, manifest: Dict[str, Any], signers: SignerPeriods,
               trusted_signers: Optional[Sequence[str]]) -> None:
    if not isinstance(r, dict) or not is_hash32(r.get("context_hash")) or not is_hash32(r.get("prev_entry_hash")):
        _fail("must be a receipt {context_hash, user_id, agent_id, sequence, prev_entry_hash, received_at, signer, "
              "signature}", at)
    if not is_safe_int(r.get("sequence")) or not strict_eq(r.get("user_id", UNDEFINED), manifest["user_id"]) \
            or not strict_eq(r.get("agent_id", UNDEFINED), manifest["agent_id"]):
        _fail("must be the receipt of an entry of %s/%s" % (manifest["user_id"], manifest["agent_id"]), at)
    problem = _receipt_problem(r, trusted_signers)
    if problem:
        _fail(problem, at)
    period = signers.attestation_problem(r["signer"], r.get("received_at", UNDEFINED))
    if period:
        _fail(period, at)


def _receipt_problem(r: Dict[str, Any], trusted: Optional[Sequence[str]]) -> Optional[str]:
    """chain-entry.ts's verifyReceipt: the signature recovers `signer` (and a trusted key)."""
    try:
        received_at = date_parse(r.get("received_at", UNDEFINED))
        if received_at is None:
            raise ValueError("received_at is not a date: %s" % js_str(r.get("received_at", UNDEFINED)))
        digest = receipt_digest(r["context_hash"], r["user_id"], r["agent_id"], r["sequence"], r["prev_entry_hash"],
                                received_at)
        recovered = recover_address(digest, r.get("signature"))
    except (ValueError, TypeError) as error:
        return "the receipt's signature does not recover: %s" % str(error).split("\n")[0]
    signer = to_lower(r.get("signer", UNDEFINED), "receipt.signer")
    if recovered.lower() != signer:
        return "the receipt's signature recovers %s, not its signer %s" % (recovered, r["signer"])
    if trusted is not None and not any(s.lower() == recovered.lower() for s in trusted):
        return "the receipt's signer %s is not a trusted attestation key" % recovered
    return None


def _same(a: Any, b: Any) -> bool:
    # compared in RFC 8785 form: the writer's key order and spacing are its own
    try:
        return canonicalize(a) == canonicalize(b)
    except (ValueError, TypeError):
        return False


def check_activity(parsed: Any, entries: CheckedEntries) -> None:
    """activity.json equals what the entries say, day by day."""
    days = list(entries.days.values())
    if _same(parsed, {"days": days}):
        return
    given = parsed.get("days") if isinstance(parsed, dict) else None
    if not isinstance(given, list):
        fail_at("activity.json", None, "activity", "must be {days: [...]}")
    i = next((k for k, d in enumerate(days) if k >= len(given) or not _same(d, given[k])), -1)
    due = json.dumps(days[i] if i >= 0 else None, ensure_ascii=False, separators=(",", ":"))
    fail_at("activity.json", None, "activity", "differs from the entries' own days: %s was due" % due,
            "days[%d]" % (len(days) if i < 0 else i))
