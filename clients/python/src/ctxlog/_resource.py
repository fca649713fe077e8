"""What the resource groups of Client and AsyncClient share: the HTTP layer's type, time and body
helpers, and the base that runs a request on either layer."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Dict, Mapping, Optional, Union

from ._http import AsyncHttp, Request, SyncHttp
from .salt import salted_metadata

MAX_BATCH_ITEMS = 500
# body-less POSTs send {}: a route validating its body as an empty object accepts it
EMPTY: Dict[str, Any] = {}
Http = Union[SyncHttp, AsyncHttp]
When = Union[str, datetime, None]


def _new_key() -> str:
    return "ctxlog-py-%s" % uuid.uuid4()


def _iso(value: Union[str, datetime, None]) -> Optional[str]:
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    return value


def _context_input(agent_id: str, context_data: Mapping[str, Any], metadata: Optional[Mapping[str, Any]],
                   visibility: Optional[str]) -> Dict[str, Any]:
    body: Dict[str, Any] = {"agent_id": agent_id, "context_data": context_data}
    if metadata is not None:
        body["metadata"] = metadata
    if visibility is not None:
        body["visibility"] = visibility
    return body


def _erase_body(reason: Optional[str], override_retention: Optional[bool]) -> Optional[Dict[str, Any]]:
    """An erasure request's body: its reason and override, none when it says neither."""
    body: Dict[str, Any] = {}
    if reason is not None:
        body["reason"] = reason
    if override_retention is not None:
        body["override_retention"] = override_retention
    return body or None


def _unsalted(item: Mapping[str, Any]) -> Dict[str, Any]:
    """An item of create_many as sent: `"salt": True` becomes a salt in its metadata."""
    out = dict(item)
    if out.pop("salt", False):
        out["metadata"] = salted_metadata(out.get("metadata"))
    return out


class _Resource:
    def __init__(self, http: Http) -> None:
        self._http = http

    def _run(self, req: Request) -> Any:
        return self._http.request(req)
