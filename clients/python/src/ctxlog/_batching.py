"""What ContextLogger and AsyncContextLogger share: the queue entry, how a batch is cut, which
errors are retried, and which items a 400 names."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Deque, Dict, List, Optional, Set

from ._json import encode_json
from .errors import ApiError, ContextTooLargeError, CtxlogConnectionError, CtxlogError

MAX_BATCH_ITEMS = 500
MAX_BATCH_BYTES = 5 * 1024 * 1024  # what the API takes
BATCH_ENVELOPE_BYTES = 16  # {"contexts":[ ... ]}
# 429, 503 and their proxies' cousins, and dropped connections: the batch is sent again under the
# same Idempotency-Key, so a batch the server committed before the answer was lost is not doubled
RETRYABLE_STATUSES = frozenset({429, 502, 503, 504})
WHEN_FULL = ("block", "raise", "drop")


class ContextLoggerQueueFull(CtxlogError):
    """log() with when_full="raise" (or "block" past block_timeout) and a full queue."""


class ContextLoggerClosed(CtxlogError):
    """log() after close()."""


class ContextLoggerUnsent(CtxlogError):
    """A context the logger had accepted but had not sent when close() timed out or the interpreter
    exited (queued, or in a batch being retried): it went to on_failure, for the caller to keep."""


class ContextLoggerFlushError(CtxlogError):
    """flush()/close() when some contexts were not accepted; `errors` holds (item, error) pairs."""

    def __init__(self, errors: List["tuple[Dict[str, Any], BaseException]"]) -> None:
        super().__init__("ctxlog: %d context(s) were not accepted; see .errors" % len(errors))
        self.errors = errors


@dataclass
class Entry:
    item: Dict[str, Any]
    size: int
    at: float
    future: Any  # concurrent.futures.Future or asyncio.Future


FailureCallback = Callable[[Dict[str, Any], BaseException], None]


def make_item(agent_id: str, context_data: Any, metadata: Any) -> "tuple[Dict[str, Any], int]":
    item: Dict[str, Any] = {"agent_id": agent_id, "context_data": context_data}
    if metadata is not None:
        item["metadata"] = metadata
    # the size as the client will send it; refuses what has no JSON form now (NotJsonError), not in
    # the thread, and what no batch could carry
    size = len(encode_json(item)) + 1
    if size + BATCH_ENVELOPE_BYTES > MAX_BATCH_BYTES:
        raise ContextTooLargeError("ctxlog: a context of %d bytes cannot fit the API's 5 MiB batch limit" % size,
                                   size=size, limit=MAX_BATCH_BYTES - BATCH_ENVELOPE_BYTES)
    return item, size


def take_batch(queue: Deque[Entry], max_items: int, max_bytes: int) -> List[Entry]:
    batch: List[Entry] = []
    total = BATCH_ENVELOPE_BYTES
    while queue and len(batch) < max_items and (not batch or total + queue[0].size <= max_bytes):
        entry = queue.popleft()
        total += entry.size
        batch.append(entry)
    return batch


def is_retryable(error: BaseException) -> bool:
    if isinstance(error, CtxlogConnectionError):
        return True
    return isinstance(error, ApiError) and error.status in RETRYABLE_STATUSES


def retry_delay(error: BaseException, attempt: int, base: float, ceiling: float) -> float:
    after = getattr(error, "retry_after", None)
    if after is not None:
        return float(after)
    backoff = min(ceiling, base * 2**attempt)
    return backoff / 2 + random.random() * backoff / 2


def bad_items(error: BaseException, size: int) -> Optional[Set[int]]:
    """The items a 400 names in details[].index, when it names some but not all of the batch."""
    if not isinstance(error, ApiError) or error.status != 400 or not isinstance(error.details, list):
        return None
    bad: Set[int] = set()
    for detail in error.details:
        index = detail.get("index") if isinstance(detail, dict) else None
        if not isinstance(index, int):
            return None
        bad.add(index)
    return bad if 0 < len(bad) < size else None


def item_error(error: BaseException, index: int) -> BaseException:
    """The error one item of a refused batch fails with: a ContextTooLargeError (the 400 as its
    cause) when the batch route refused that item for its size (details[].code PAYLOAD_TOO_LARGE),
    so it reads as a 413 for a single context does; else the batch's error itself."""
    if not isinstance(error, ApiError) or error.status != 400 or not isinstance(error.details, list):
        return error
    for detail in error.details:
        if isinstance(detail, dict) and detail.get("index") == index:
            if detail.get("code") != "PAYLOAD_TOO_LARGE":
                return error
            path = str(detail.get("path", ""))
            prefix = "contexts.%d." % index  # the path in the batch; the item's own is the rest
            too_large = ContextTooLargeError("ctxlog: %s" % detail.get("message", "the context is too large"),
                                             path=path[len(prefix):] if path.startswith(prefix) else path or None)
            too_large.__cause__ = error
            return too_large
    return error
