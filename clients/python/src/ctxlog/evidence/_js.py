"""The few JavaScript semantics the TypeScript verifier (packages/sdk/src/evidence) leans on when it
reads untrusted JSON, so that a hostile pack fails the same check here as there: `String(v)`,
`Number(v)`, `===`, `Number.isSafeInteger`, `Date.parse` of ISO 8601 and `JSON.parse`."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Optional

from ..canonical import format_number

MAX_SAFE = 2**53 - 1


class _Undefined:
    """A member that is not there (JavaScript's undefined, unlike null = None)."""

    def __repr__(self) -> str:
        return "undefined"


UNDEFINED: Any = _Undefined()


def prop(obj: Any, key: Any) -> Any:
    """`obj[key]`: a member of an object or an array, UNDEFINED when absent; null/undefined raise
    TypeError as JavaScript does, any other value has no such member."""
    if obj is None or obj is UNDEFINED:
        raise TypeError("Cannot read properties of %s (reading '%s')" % ("null" if obj is None else "undefined", key))
    if isinstance(obj, dict):
        return obj.get(key, UNDEFINED)
    if isinstance(obj, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(obj):
        return obj[key]
    return UNDEFINED


def not_iterable(v: Any) -> TypeError:
    """`for (… of v)` on a value that is not iterable, worded as V8 words it."""
    kind = "boolean" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else "object"
    shown = "" if kind == "object" else " " + js_str(v)
    return TypeError("%s%s is not iterable (cannot read property Symbol(Symbol.iterator))" % (kind, shown))


def is_safe_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -MAX_SAFE <= v <= MAX_SAFE


def js_str(v: Any) -> str:
    if v is UNDEFINED:
        return "undefined"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if math.isnan(v) else "Infinity" if v > 0 else "-Infinity"
    if isinstance(v, (int, float)):
        return format_number(float(v)) if isinstance(v, float) or abs(v) > MAX_SAFE else str(v)
    if isinstance(v, str):
        return v
    if isinstance(v, list):
        return ",".join("" if x is None or x is UNDEFINED else js_str(x) for x in v)
    return "[object Object]"


def lower(v: Any) -> str:
    """`String(v).toLowerCase()`."""
    return js_str(v).lower()


def to_lower(v: Any, name: str = "s") -> str:
    """`v.toLowerCase()`: a TypeError, worded as V8 words it, on anything but a string."""
    if isinstance(v, str):
        return v.lower()
    if v is None or v is UNDEFINED:
        raise TypeError("Cannot read properties of %s (reading 'toLowerCase')" % js_str(v))
    raise TypeError("%s.toLowerCase is not a function" % name)


_DECIMAL = re.compile(r"^[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|Infinity)$")
_RADIX = {"0x": 16, "0o": 8, "0b": 2}


def js_number(v: Any) -> float:
    """`Number(v)`: NaN as float('nan')."""
    if v is None:
        return 0
    if v is UNDEFINED or isinstance(v, dict):
        return float("nan")
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)):
        return v
    text = js_str(v).strip()
    if text == "":
        return 0
    radix = _RADIX.get(text[:2].lower())
    if radix is not None:
        try:
            return int(text[2:], radix) if text[2:] and "_" not in text else float("nan")
        except ValueError:
            return float("nan")
    if not _DECIMAL.match(text):
        return float("nan")
    f = float(text)
    return int(f) if f.is_integer() and abs(f) <= MAX_SAFE else f


def strict_eq(a: Any, b: Any) -> bool:
    """`a === b` for JSON values."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return a is b
    return type(a) is type(b) and a == b


_ISO = re.compile(r"^([+-]\d{6}|\d{4})(?:-(\d\d)(?:-(\d\d))?)?"
                  r"(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?(Z|[+-]\d\d:\d\d)?)?$")


def _days_from_civil(y: int, m: int, d: int) -> int:
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def date_parse(v: Any) -> Optional[int]:
    """`Date.parse(String(v))` for ISO 8601 (ms since the epoch; None for NaN). V8 takes days up to
    31 in any month (2026-02-30 is March 2), as here. A time without an offset is read as UTC (V8
    reads it in the local zone); forms other than ISO 8601 are NaN here."""
    m = _ISO.match(js_str(v))
    if not m:
        return None
    year, month, day, hour, minute, second, fraction, zone = m.groups()
    mo, d, h, mi, s = int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0)
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h <= 24 and mi <= 59 and s <= 59) or (
            h == 24 and (mi or s or int(fraction or 0))):
        return None
    ms = ((_days_from_civil(int(year), mo, 1) + d - 1) * 86400 + h * 3600 + mi * 60 + s) * 1000
    ms += int((fraction or "0")[:3].ljust(3, "0"))
    if zone and zone != "Z":
        offset = (int(zone[1:3]) * 60 + int(zone[4:6])) * 60000
        ms -= offset if zone[0] == "+" else -offset
    return ms


def _no_constant(name: str) -> Any:
    raise ValueError("%s is not JSON" % name)


def _number(text: str) -> Any:
    # JavaScript has one number type: 3.0 is the integer 3 there, so it is here
    f = float(text)
    return int(f) if f.is_integer() and abs(f) <= MAX_SAFE else f


def json_parse(text: str) -> Any:
    """`JSON.parse`: no NaN or Infinity, a number with a fraction or exponent that is an integer is
    one; a leading byte order mark is dropped (TextDecoder drops it before JSON.parse sees it)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return json.loads(text, parse_constant=_no_constant, parse_float=_number)
