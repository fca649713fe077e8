"""RFC 8785 (JSON Canonicalization Scheme), written here rather than taken from a dependency so the
verifier's preimage is exactly the TypeScript SDK's and the server's (test-vectors/canonical.json
holds the edge cases all three are tested on).

- object members sorted by the UTF-16 code units of their names (not by code points: "\\ue000"
  sorts after "\\ud83d\\ude00" here, as in JavaScript);
- no whitespace; strings escaped as ECMAScript's JSON.stringify escapes them;
- numbers are IEEE-754 doubles written as ECMAScript's Number::toString (1e21 -> "1e+21",
  1e-7 -> "1e-7", -0 -> "0"); a Python int is first converted to the nearest double, exactly as
  JavaScript's JSON.parse reads an integer above 2^53;
- a lone surrogate (which json.loads lets through from "\\ud800") is refused, as the service
  refuses it: it has no UTF-8 form, so it could never have been hashed.
"""

from __future__ import annotations

import math
import re
from typing import Any, Dict, Tuple

from .keccak import keccak256_hex

__all__ = ["canonicalize", "hash_context", "CanonicalizationError"]


class CanonicalizationError(ValueError):
    """The value has no RFC 8785 form (non-finite number, lone surrogate, unsupported type, cycle)."""


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


_NEEDS_WORK = re.compile('[\x00-\x1f"\\\\\ud800-\udfff]')


def _string(value: str) -> str:
    if not _NEEDS_WORK.search(value):  # most strings: nothing to escape, no surrogate
        return '"' + value + '"'
    out = ['"']
    for ch in value:
        code = ord(ch)
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif code < 0x20:
            out.append("\\u%04x" % code)
        elif 0xD800 <= code <= 0xDFFF:
            raise CanonicalizationError("a lone UTF-16 surrogate (U+%04X) has no JSON text to hash" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _utf16_key(name: str) -> bytes:
    # Big-endian UTF-16 bytes compare exactly as the sequence of 16-bit code units does.
    try:
        return name.encode("utf-16-be")
    except UnicodeEncodeError:
        raise CanonicalizationError("a member name holds a lone UTF-16 surrogate") from None


def format_number(value: float) -> str:
    """ECMAScript Number::toString(10) for a finite double (RFC 8785 section 3.2.2.3)."""
    if not math.isfinite(value):
        raise CanonicalizationError("%r is not allowed in JSON (RFC 8785 section 3.2.2.3)" % value)
    if value == 0:
        return "0"  # -0 too
    sign = "-" if value < 0 else ""
    # repr gives the shortest digits that round-trip, which is what ECMAScript picks as well
    mantissa, _, exp_text = repr(abs(value)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    point = (int(exp_text) if exp_text else 0) - len(fraction)  # value = int(whole+fraction) x 10^point
    significant = (whole + fraction).lstrip("0")
    digits = significant.rstrip("0")
    point += len(significant) - len(digits)
    n = len(digits) + point  # value = 0.digits x 10^n
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    exp = ("e+%d" % e) if e >= 0 else ("e-%d" % -e)
    if k == 1:
        return sign + digits + exp
    return sign + digits[0] + "." + digits[1:] + exp


def _number(value: Any) -> str:
    if isinstance(value, int):
        try:
            as_double = float(value)
        except OverflowError:
            raise CanonicalizationError("integer %d is beyond the range of a double" % value) from None
        return format_number(as_double)
    return format_number(float(value))


def _serialize(value: Any, ancestors: set, parts: list) -> None:
    if value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, str):
        parts.append(_string(value))
    elif isinstance(value, (int, float)):
        parts.append(_number(value))
    elif isinstance(value, (list, tuple)):
        marker = id(value)
        if marker in ancestors:
            raise CanonicalizationError("cannot canonicalize a cyclic structure")
        ancestors.add(marker)
        parts.append("[")
        for i, item in enumerate(value):
            if i:
                parts.append(",")
            _serialize(item, ancestors, parts)
        parts.append("]")
        ancestors.discard(marker)
    elif isinstance(value, dict):
        marker = id(value)
        if marker in ancestors:
            raise CanonicalizationError("cannot canonicalize a cyclic structure")
        ancestors.add(marker)
        for key in value:
            if not isinstance(key, str):
                raise CanonicalizationError("JSON object keys are strings, got %r" % (key,))
        parts.append("{")
        for i, key in enumerate(sorted(value, key=_utf16_key)):
            if i:
                parts.append(",")
            parts.append(_string(key))
            parts.append(":")
            _serialize(value[key], ancestors, parts)
        parts.append("}")
        ancestors.discard(marker)
    else:
        raise CanonicalizationError("%s has no JSON representation" % type(value).__name__)


def canonicalize(value: Any) -> str:
    """The RFC 8785 text of a JSON value (dict, list, str, int, float, bool, None)."""
    parts: list = []
    _serialize(value, set(), parts)
    return "".join(parts)


_OMITTED: Any = object()


def hash_context(agent_id: str, context_data: Dict[str, Any], metadata: Any = _OMITTED) -> Tuple[str, str]:
    """(canonical, context_hash): keccak256 over the UTF-8 of the canonical JSON of
    {agent_id, context_data, metadata}; metadata is {} when omitted (None stays null, as the
    service stores it). What the service computes."""
    canonical = canonicalize(
        {"agent_id": agent_id, "context_data": context_data, "metadata": {} if metadata is _OMITTED else metadata}
    )
    return canonical, keccak256_hex(canonical.encode("utf-8"))
