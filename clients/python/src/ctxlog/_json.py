"""Request bodies as the API reads them: JSON, refused with a NotJsonError naming the value when
some part has no JSON form, before anything is sent. json.dumps alone would raise a bare
TypeError/ValueError without saying where, or quietly change the data (an int key becomes a str)."""

from __future__ import annotations

import datetime
import decimal
import json
import math
import re
from typing import Any, Set

from .errors import NotJsonError

_SURROGATE = re.compile("[\ud800-\udfff]")  # in a str, any surrogate is a lone one: UTF-8 cannot hold it


def encode_json(value: Any, path: str = "") -> bytes:
    """The compact UTF-8 JSON of `value`; NotJsonError when a part of it has no JSON form."""
    check_json(value, path)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def check_json(value: Any, path: str = "") -> None:
    """Raises NotJsonError for the first value with no JSON form; `path` names `value` itself."""
    _walk(value, path, set())


def _join(path: str, key: Any) -> str:
    return "%s.%s" % (path, key) if path else str(key)


def _walk(value: Any, path: str, ancestors: Set[int]) -> None:
    if value is None or isinstance(value, (bool, int)):
        return
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise NotJsonError(path, "a string holding a lone UTF-16 surrogate")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NotJsonError(path, repr(value))
        return
    if not isinstance(value, (dict, list, tuple)):
        raise NotJsonError(path, _describe(value))
    if id(value) in ancestors:
        raise NotJsonError(path, "a cycle (it contains itself)")
    ancestors.add(id(value))
    try:
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise NotJsonError(_join(path, repr(key)), "under a key of type %s (JSON keys are strings)"
                                       % type(key).__name__)
                if _SURROGATE.search(key):
                    raise NotJsonError(_join(path, key.encode("utf-8", "backslashreplace").decode()),
                                       "under a key holding a lone UTF-16 surrogate")
                _walk(item, _join(path, key), ancestors)
        else:
            for index, item in enumerate(value):
                _walk(item, _join(path, index), ancestors)
    finally:
        ancestors.discard(id(value))


def _describe(value: Any) -> str:
    if isinstance(value, (datetime.date, datetime.time)):
        return "a %s (convert it first, e.g. with .isoformat())" % type(value).__name__
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "bytes (encode them first, e.g. as base64 or hex)"
    if isinstance(value, (set, frozenset)):
        return "a set (make it a list first)"
    if isinstance(value, decimal.Decimal):
        return "a Decimal (convert it to str or float first)"
    return "a %s" % type(value).__name__
