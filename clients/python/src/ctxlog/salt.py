"""Low-entropy data: a hash of short or guessable data ("yes", an email address) can be reversed by
hashing guesses, so such a hash can stay personal data after the data is erased. A random value in
the context fixes that: it is hashed with the data and erased with it."""

from __future__ import annotations

import secrets
from typing import Any, Dict, Mapping, Optional

__all__ = ["SALT_METADATA_KEY", "salted_metadata"]

#: the metadata key the salt goes under (the TypeScript SDK's too)
SALT_METADATA_KEY = "ctxlog_salt"


def salted_metadata(metadata: Optional[Mapping[str, Any]]) -> Dict[str, Any]:
    """`metadata` (or {}) plus 32 fresh random bytes as 0x-hex under `ctxlog_salt`; refuses to
    overwrite one already there."""
    out = dict(metadata or {})
    if SALT_METADATA_KEY in out:
        raise ValueError("ctxlog: metadata already has %s; leave salt off or remove it" % SALT_METADATA_KEY)
    out[SALT_METADATA_KEY] = "0x" + secrets.token_hex(32)
    return out
