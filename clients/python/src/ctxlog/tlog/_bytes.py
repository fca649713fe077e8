"""Byte helpers of the tlog formats: SHA-256 and strict base64 (packages/core/src/tlog/bytes.ts)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re

from .errors import TlogError

__all__ = ["sha256", "from_base64", "to_base64"]

_BASE64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\Z")


def sha256(*parts: bytes) -> bytes:
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
    return h.digest()


def to_base64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def from_base64(text: str, what: str) -> bytes:
    """Standard padded base64, in its one canonical form (unused bits of the last character zero),
    so that each byte string has one text, as the TypeScript refuses the rest."""
    if not isinstance(text, str) or not _BASE64.match(text):
        raise TlogError("malformed", "%s is not standard padded base64" % what)
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise TlogError("malformed", "%s is not standard padded base64" % what) from None
    if to_base64(data) != text:
        raise TlogError("malformed", "%s is not canonical base64" % what)
    return data
