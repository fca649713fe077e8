"""The HTTP layer under Client (httpx.Client) and AsyncClient (httpx.AsyncClient): auth, JSON,
the error envelope, and the spec's retry practice. Both run the same Request descriptions, so the
resource classes in client.py serve both clients."""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable, Dict, Iterator, Optional
from urllib.parse import quote

import httpx

from ._json import encode_json
from ._version import __version__
from .errors import ApiError, CtxlogConnectionError, error_for

# 429 (rate limited) and 503 (temporarily unavailable) are retried; 401/403 and every other status
# are final, since the same request with the same key cannot get another answer.
RETRYABLE_STATUSES = frozenset({429, 503})


def seg(value: str) -> str:
    """An id as one path segment: it can never add a segment or a query string."""
    return quote(str(value), safe="")


@dataclass
class Request:
    method: str
    path: str
    query: Optional[Dict[str, Any]] = None
    body: Any = None
    headers: Dict[str, str] = field(default_factory=dict)
    cast: Callable[[Any], Any] = lambda body: body


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After in seconds: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3)."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def api_error(response: httpx.Response, method: str, url: str) -> ApiError:
    envelope: Dict[str, Any] = {}
    try:
        parsed = json.loads(response.content.decode("utf-8"))
        if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
            envelope = parsed["error"]
    except (ValueError, UnicodeDecodeError):
        pass  # not our envelope (a proxy's page): keep the status, the code is UNKNOWN_ERROR
    cls = error_for(envelope.get("code"))
    request_id = envelope.get("request_id") if isinstance(envelope.get("request_id"), str) else \
        response.headers.get("x-request-id")
    message = envelope.get("message") if isinstance(envelope.get("message"), str) else \
        ("HTTP %d %s" % (response.status_code, response.reason_phrase)).strip()
    return cls(message, status=response.status_code, request_id=request_id, details=envelope.get("details"),
               retry_after=parse_retry_after(response.headers.get("retry-after")), method=method, url=url)


def _json(response: httpx.Response, method: str, url: str) -> Any:
    if not response.content:
        return None
    try:
        return response.json()
    except ValueError:
        raise error_for(None)("expected a JSON body, got %r" % response.text[:80], status=response.status_code,
                              request_id=response.headers.get("x-request-id"), method=method, url=url) from None


class _Base:
    def __init__(self, base_url: str, api_key: str, *, timeout: float = 30.0, max_retries: int = 3,
                 base_delay: float = 0.5, max_delay: float = 60.0, user_agent: Optional[str] = None) -> None:
        if not api_key:
            raise ValueError("ctxlog: api_key is required")
        if not base_url:
            raise ValueError("ctxlog: base_url is required, e.g. https://api.example.com/v1")
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.timeout = timeout
        self.headers = {
            "Authorization": "Bearer %s" % api_key,
            "Accept": "application/json",
            "User-Agent": user_agent or "ctxlog-python/%s" % __version__,
        }

    def url(self, path: str) -> str:
        return self.base_url + path

    @staticmethod
    def params(query: Optional[Dict[str, Any]]) -> Dict[str, str]:
        out = {}
        for key, value in (query or {}).items():
            if value is not None:
                out[key] = ("true" if value else "false") if isinstance(value, bool) else str(value)
        return out

    def backoff(self, attempt: int) -> float:
        # full jitter: spreads out clients that failed together
        ceiling = min(self.max_delay, self.base_delay * 2**attempt)
        return ceiling / 2 + random.random() * ceiling / 2

    def plan(self, req: Request) -> "tuple[str, Dict[str, str], Optional[bytes], bool]":
        headers = dict(self.headers, **req.headers)
        content = None
        if req.body is not None:
            headers["Content-Type"] = "application/json"
            content = encode_json(req.body)  # NotJsonError, naming the value, before anything is sent
        # a request that may not have reached the server is re-sent only when that is harmless:
        # reads, PUT/DELETE, or a POST the server deduplicates by Idempotency-Key
        replayable = req.method != "POST" or "Idempotency-Key" in headers
        return self.url(req.path), headers, content, replayable

    def retry_delay(self, error: ApiError, attempt: int) -> Optional[float]:
        """Seconds to wait before the next attempt, or None when the error is final."""
        if error.status not in RETRYABLE_STATUSES or attempt >= self.max_retries:
            return None
        delay = error.retry_after if error.retry_after is not None else self.backoff(attempt)
        # retrying before the server said we may would only spend more of the limit
        return None if delay > self.max_delay else delay


class SyncHttp(_Base):
    def __init__(self, base_url: str, api_key: str, *, transport: Optional[httpx.BaseTransport] = None,
                 **options: Any) -> None:
        super().__init__(base_url, api_key, **options)
        self.client = httpx.Client(timeout=self.timeout, transport=transport)
        self.sleep: Callable[[float], None] = time.sleep

    def close(self) -> None:
        self.client.close()

    def send(self, req: Request) -> httpx.Response:
        url, headers, content, replayable = self.plan(req)
        attempt = 0
        while True:
            try:
                response = self.client.request(req.method, url, params=self.params(req.query), headers=headers,
                                               content=content)
            except httpx.TransportError as cause:
                if replayable and attempt < self.max_retries:
                    self.sleep(self.backoff(attempt))
                    attempt += 1
                    continue
                raise CtxlogConnectionError("ctxlog: %s %s failed: %s" % (req.method, url, cause), req.method, url) from cause
            if response.is_success:
                return response
            error = api_error(response, req.method, url)
            delay = self.retry_delay(error, attempt)
            if delay is None:
                raise error
            self.sleep(delay)
            attempt += 1

    def request(self, req: Request) -> Any:
        response = self.send(req)
        return req.cast(_json(response, req.method, response.request.url.__str__()))

    def paginate(self, path: str, query: Dict[str, Any], cast: Callable[[Any], Any]) -> Iterator[Any]:
        cursor = None
        while True:
            page = self.request(Request("GET", path, dict(query, cursor=cursor)))
            for item in page.get("data", []):
                yield cast(item)
            cursor = page.get("next_cursor")
            if not cursor:
                return

    def stream_lines(self, path: str, query: Dict[str, Any]) -> Iterator[str]:
        url = self.url(path)
        headers = dict(self.headers, Accept="application/x-ndjson")
        with self.client.stream("GET", url, params=self.params(query), headers=headers) as response:
            if not response.is_success:
                response.read()
                raise api_error(response, "GET", url)
            for line in response.iter_lines():
                if line.strip():
                    yield line

    def stream_bytes(self, path: str, query: Dict[str, Any], accept: str) -> Iterator[bytes]:
        """A streamed binary answer (a zip), chunk by chunk as it arrives."""
        url = self.url(path)
        headers = dict(self.headers, Accept=accept)
        with self.client.stream("GET", url, params=self.params(query), headers=headers) as response:
            if not response.is_success:
                response.read()
                raise api_error(response, "GET", url)
            yield from response.iter_bytes()


class AsyncHttp(_Base):
    def __init__(self, base_url: str, api_key: str, *, transport: Optional[httpx.AsyncBaseTransport] = None,
                 **options: Any) -> None:
        super().__init__(base_url, api_key, **options)
        self.client = httpx.AsyncClient(timeout=self.timeout, transport=transport)

    async def close(self) -> None:
        await self.client.aclose()

    async def send(self, req: Request) -> httpx.Response:
        url, headers, content, replayable = self.plan(req)
        attempt = 0
        while True:
            try:
                response = await self.client.request(req.method, url, params=self.params(req.query), headers=headers,
                                                     content=content)
            except httpx.TransportError as cause:
                if replayable and attempt < self.max_retries:
                    await asyncio.sleep(self.backoff(attempt))
                    attempt += 1
                    continue
                raise CtxlogConnectionError("ctxlog: %s %s failed: %s" % (req.method, url, cause), req.method, url) from cause
            if response.is_success:
                return response
            error = api_error(response, req.method, url)
            delay = self.retry_delay(error, attempt)
            if delay is None:
                raise error
            await asyncio.sleep(delay)
            attempt += 1

    async def request(self, req: Request) -> Any:
        response = await self.send(req)
        return req.cast(_json(response, req.method, str(response.request.url)))

    async def paginate(self, path: str, query: Dict[str, Any], cast: Callable[[Any], Any]) -> AsyncIterator[Any]:
        cursor = None
        while True:
            page = await self.request(Request("GET", path, dict(query, cursor=cursor)))
            for item in page.get("data", []):
                yield cast(item)
            cursor = page.get("next_cursor")
            if not cursor:
                return

    async def stream_lines(self, path: str, query: Dict[str, Any]) -> AsyncIterator[str]:
        url = self.url(path)
        headers = dict(self.headers, Accept="application/x-ndjson")
        async with self.client.stream("GET", url, params=self.params(query), headers=headers) as response:
            if not response.is_success:
                await response.aread()
                raise api_error(response, "GET", url)
            async for line in response.aiter_lines():
                if line.strip():
                    yield line

    async def stream_bytes(self, path: str, query: Dict[str, Any], accept: str) -> AsyncIterator[bytes]:
        """A streamed binary answer (a zip), chunk by chunk as it arrives."""
        url = self.url(path)
        headers = dict(self.headers, Accept=accept)
        async with self.client.stream("GET", url, params=self.params(query), headers=headers) as response:
            if not response.is_success:
                await response.aread()
                raise api_error(response, "GET", url)
            async for chunk in response.aiter_bytes():
                yield chunk
