"""What verify_proof gives: each named check, a result, and the verdict, the same three values as the
API's and the TypeScript SDK's (verified, verified_data_unavailable, failed)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional

__all__ = ["Check", "VerifyResult", "verdict_of", "CHECK_NAMES", "V4_CHECK_NAMES", "DATA_CHECKS", "VERDICTS"]

CHECK_NAMES = ("canonical_context", "hash_matches", "signature_valid", "merkle_proof", "transaction",
               "anchored_log", "anchor_submitter", "block", "confirmations")
#: a version 4 bundle's: the transparency log's three after merkle_proof (an RFC 6962 proof there)
V4_CHECK_NAMES = CHECK_NAMES[:4] + ("checkpoint_signature", "witness_cosignatures", "log_consistency") + CHECK_NAMES[4:]


@dataclass
class Check:
    name: str
    ok: bool
    reason: Optional[str] = None
    #: True: the check could not run and did not fail (the data of an erased bundle); ok is False
    unavailable: Optional[bool] = None

    @property
    def status(self) -> str:
        """"passed", "failed", or "not_run": a check that could not run is never "failed"."""
        return "not_run" if self.unavailable else "passed" if self.ok else "failed"


#: a verification's three verdicts, the API's and the TypeScript SDK's (test-vectors/bundles.json pins them)
VERDICTS = ("verified", "verified_data_unavailable", "failed")


def verdict_of(checks: List[Check]) -> str:
    """"verified" (every check ran and passed), "verified_data_unavailable" (every check that ran
    passed; the data checks could not run: the data was erased and none was supplied), or "failed"
    (a check that ran failed)."""
    statuses = [c.status for c in checks]
    if not statuses or "failed" in statuses:
        return "failed"
    return "verified_data_unavailable" if "not_run" in statuses else "verified"


DATA_CHECKS = ("canonical_context", "hash_matches")


@dataclass
class VerifyResult:
    verified: bool
    checks: List[Check]
    confirmations: Optional[int] = None
    block_number: Optional[int] = None
    elapsed_ms: float = field(default=0.0, compare=False)
    #: the bundle's data was erased and none was supplied: the data checks did not run
    data_erased: bool = False

    def check(self, name: str) -> Check:
        return next(c for c in self.checks if c.name == name)

    @property
    def verdict(self) -> str:
        """One of VERDICTS; ``verified`` is True for both verified ones."""
        return verdict_of(self.checks)

    @property
    def failed(self) -> List[str]:
        return [c.name for c in self.checks if not c.ok and not c.unavailable]

    def to_dict(self) -> Dict[str, Any]:
        out = asdict(self)
        out.pop("elapsed_ms")
        out["verdict"] = self.verdict
        out["checks"] = [{k: v for k, v in c.items() if v is not None} for c in out["checks"]]
        return out
