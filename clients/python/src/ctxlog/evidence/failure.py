"""How a pack fails: the first check that did not pass, with the file, the line (NDJSON files) or
the place in a JSON file, named as the TypeScript verifier names it (pack-failure.ts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, TypeVar

__all__ = ["PACK_CHECKS", "PackFailure", "PackCheckFailed", "fail_at", "describe_failure", "guarded"]

#: The pack's checks, in the order they run (docs/evidence.md, "Checks").
PACK_CHECKS = (
    "files", "manifest", "manifest_signature", "file_hash", "json", "signers", "anchor_shape", "anchor_receipt",
    "anchored_log", "checkpoint_signature", "witness_cosignatures", "anchor_submitter", "receipts_root",
    "block_hash", "confirmations", "entry_shape", "entry_scope", "sequence", "chain_link", "content", "receipt", "receipt_signer", "merkle_proof",
    "anchor_reference", "erasure", "completeness", "activity", "counts", "canonical_block",
)


@dataclass
class PackFailure:
    #: the pack's file, e.g. "entries.ndjson" (or the zip itself, "pack")
    file: str
    #: 1-based line of an NDJSON file; None for JSON files
    line: Optional[int]
    check: str
    reason: str
    #: where in a JSON file, e.g. "anchors[1].receipts[0]"; None when the line or file says it all
    at: Optional[str] = None

    def to_dict(self) -> Dict[str, Any]:
        """The TypeScript verifier's object, in its key order (`at` only when there is one)."""
        out: Dict[str, Any] = {"file": self.file, "line": self.line}
        if self.at is not None:
            out["at"] = self.at
        out["check"] = self.check
        out["reason"] = self.reason
        return out


def describe_failure(f: PackFailure) -> str:
    """"entries.ndjson line 4: sequence: …\""""
    where = " line %d" % f.line if f.line is not None else " %s" % f.at if f.at else ""
    return "%s%s: %s: %s" % (f.file, where, f.check, f.reason)


class PackCheckFailed(Exception):
    """Raised by a check to stop the verification at its first failure."""

    def __init__(self, failure: PackFailure) -> None:
        super().__init__(describe_failure(failure))
        self.failure = failure


def fail_at(file: str, line: Optional[int], check: str, reason: str, at: Optional[str] = None) -> Any:
    raise PackCheckFailed(PackFailure(file, line, check, reason, at))


T = TypeVar("T")


def guarded(file: str, line: Optional[int], check: str, body: Callable[[], T], at: Optional[str] = None) -> T:
    """Runs a check on untrusted input: whatever it raises besides a named failure (a field of an
    odd type deep in a header, say) fails `check` there too. A hostile pack is a failed pack,
    never a crash."""
    try:
        return body()
    except PackCheckFailed:
        raise
    except Exception as error:  # noqa: BLE001 - any malformed input, whatever it broke
        message = (str(error) or type(error).__name__).split("\n")[0]
        return fail_at(file, line, check, "could not be checked: %s" % message, at)
