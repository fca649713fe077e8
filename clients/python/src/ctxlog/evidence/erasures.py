"""erasures.ndjson against the entries (erasure-ledger.ts): every erased entry has its one erasure
record, and every record is of an erased entry of the pack."""

from __future__ import annotations

from typing import Any, Dict, Iterable, Tuple

from ._js import UNDEFINED, is_safe_int, strict_eq
from .failure import fail_at
from .manifest import is_hash32, is_iso_ms

__all__ = ["ErasureLedger"]

FILE = "erasures.ndjson"


class _Record:
    __slots__ = ("record", "line", "used")

    def __init__(self, record: Dict[str, Any], line: int) -> None:
        self.record = record
        self.line = line
        self.used = False


class ErasureLedger:
    def __init__(self, lines: Iterable[Tuple[int, Any]]) -> None:
        self.by_context: Dict[str, _Record] = {}
        for line, r in lines:
            ok = (isinstance(r, dict) and isinstance(r.get("context_id"), str) and is_safe_int(r.get("sequence"))
                  and is_hash32(r.get("context_hash")) and is_iso_ms(r.get("erased_at"))
                  and isinstance(r.get("erased_by"), str) and r["erased_by"] != ""
                  and "reason" in r and (r["reason"] is None or isinstance(r["reason"], str)))
            if not ok:
                fail_at(FILE, line, "erasure", "must be {context_id, sequence, context_hash, erased_at, erased_by, reason}")
            if r["context_id"] in self.by_context:
                fail_at(FILE, line, "erasure", "a second record for %s" % r["context_id"])
            self.by_context[r["context_id"]] = _Record(r, line)

    @property
    def size(self) -> int:
        return len(self.by_context)

    def entry(self, e: Dict[str, Any], erased: bool, line: int) -> None:
        """Checks an entry of entries.ndjson (at `line`) against its record, if any."""
        found = self.by_context.get(e["context_id"])
        if not erased:
            if found:
                fail_at(FILE, found.line, "erasure",
                        "records an erasure of %s, whose data the pack holds" % e["context_id"])
            return
        if not found:
            fail_at("entries.ndjson", line, "erasure",
                    "entry %d is erased, and erasures.ndjson has no record of it" % e["sequence"])
            return
        r = found.record
        if (not strict_eq(r["sequence"], e["sequence"]) or r["context_hash"].lower() != e["context_hash"].lower()
                or not strict_eq(r["erased_at"], e.get("data_erased_at", UNDEFINED))):
            fail_at(FILE, found.line, "erasure", "does not match entry %d (sequence, context_hash and erased_at "
                    "must be the entry's)" % e["sequence"])
        found.used = True

    def all_used(self) -> None:
        """After the last entry: a record of no entry of the pack is a failure."""
        for context_id, found in self.by_context.items():
            if not found.used:
                fail_at(FILE, found.line, "erasure",
                        "records an erasure of %s, which is no entry of the pack" % context_id)
