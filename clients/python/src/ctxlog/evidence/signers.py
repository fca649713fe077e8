"""signers.json: the service's keys in force over the range (GET /v1/signers' items). A receipt's
signer must be an attestation key whose period covers its received_at, an anchor's submitter an
anchor key: the same rules as signers.ts and the verification API."""

from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence

from ._js import UNDEFINED, date_parse, js_str
from .failure import fail_at

__all__ = ["SignerPeriods", "read_signers"]

FILE = "signers.json"
#: the clock skew the service allows between its processes (± 1 min)
SKEW_MS = 60_000
ADDRESS = re.compile(r"^0x[0-9a-fA-F]{40}\Z")


class SignerPeriods:
    def __init__(self, signers: List[dict]) -> None:
        self.signers = signers

    def attestation_problem(self, address: str, at: Any = UNDEFINED) -> Optional[str]:
        """Why `address` could not sign a receipt at `at` (ISO; UNDEFINED for a version 2 entry
        without a receipt time), or None."""
        own = [s for s in self.signers if s["kind"] == "attestation" and s["address"].lower() == address.lower()]
        if not own:
            return "%s is not an attestation key of signers.json" % address
        if at is UNDEFINED:
            return None
        t = date_parse(at)
        for s in own:
            start = date_parse(s["valid_from"])
            until = s["valid_until"]
            end = None if until is None else date_parse(until)
            if t is not None and start is not None and start - SKEW_MS <= t and (
                    until is None or (end is not None and t <= end + SKEW_MS)):
                return None
        return "%s was not a valid attestation key at %s" % (address, js_str(at))

    def is_anchor_key(self, address: str, trusted: Optional[Sequence[str]] = None) -> bool:
        """One of `trusted` when given, else an anchor key of signers.json."""
        if trusted is not None:
            return any(t.lower() == address.lower() for t in trusted)
        return any(s["kind"] == "anchor" and s["address"].lower() == address.lower() for s in self.signers)


def read_signers(parsed: Any) -> SignerPeriods:
    if not isinstance(parsed, dict) or not isinstance(parsed.get("signers"), list):
        fail_at(FILE, None, "signers", "must be {signers: [...]}")
    signers = parsed["signers"]
    for i, s in enumerate(signers):
        ok = (isinstance(s, dict) and bool(ADDRESS.match(js_str(s.get("address", UNDEFINED))))
              and s.get("kind") in ("attestation", "anchor") and isinstance(s.get("kind"), str)
              and date_parse(s.get("valid_from", UNDEFINED)) is not None
              and ("valid_until" in s and (s["valid_until"] is None or date_parse(s["valid_until"]) is not None)))
        if not ok:
            fail_at(FILE, None, "signers", "must be {address, kind, valid_from, valid_until} as GET /v1/signers",
                    "signers[%d]" % i)
    return SignerPeriods(signers)
