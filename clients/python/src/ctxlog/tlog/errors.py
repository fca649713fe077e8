"""The one error the transparency log's formats raise, as packages/core/src/tlog/errors.ts:
``reason`` from a closed list (callers branch on it, never on message text), a short message,
optional details, and the error underneath as ``__cause__``."""

from __future__ import annotations

from typing import Optional

__all__ = ["TlogError", "TLOG_ERROR_REASONS"]

TLOG_ERROR_REASONS = (
    "invalid_argument",  # an argument out of range: a size, an index, a width, a threshold
    "too_large",  # input longer than the limit, refused before it is decoded further
    "malformed",  # text or bytes that do not follow the format
    "proof_failed",  # a proof or hash that does not match
    "invalid_signature",  # a signature by a known key that does not verify
    "unverified",  # a note signed by no key the caller knows
    "ambiguous_key",  # two known keys with the same name and key ID
)


class TlogError(ValueError):
    """A ValueError too: code that caught ValueError around hostile input keeps catching it."""

    def __init__(self, reason: str, short_message: str, details: Optional[str] = None) -> None:
        if reason not in TLOG_ERROR_REASONS:
            raise ValueError("unknown TlogError reason %r" % reason)
        super().__init__(short_message if details is None else "%s (%s)" % (short_message, details))
        self.reason = reason
        self.short_message = short_message
        self.details = details
