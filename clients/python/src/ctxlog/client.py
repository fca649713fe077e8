"""Client and AsyncClient: every /v1 endpoint an API key may call, in resource groups. The resource
classes describe requests; the sync or async HTTP layer under them runs them, so
`Client(...).contexts.get(id)` returns a Context and `await AsyncClient(...).contexts.get(id)` too.
List methods iterate over every page (`for` / `async for`), following the cursors. A body with no
JSON form (a datetime, NaN, bytes...) raises NotJsonError, naming the value, before anything is sent."""

from __future__ import annotations

from typing import Any, Optional

import httpx

from ._agents_group import Agents, Holds
from ._contexts_group import Contexts, Signers, Verifications
from ._http import AsyncHttp, Request, SyncHttp
from ._resource import MAX_BATCH_ITEMS, Http
from ._webhooks_group import Events, OverviewGroup, Webhooks
from .models import AuthStatus, SearchResult, from_dict

__all__ = ["Client", "AsyncClient", "MAX_BATCH_ITEMS", "Contexts", "Verifications", "Signers", "Webhooks", "Holds",
           "Agents", "OverviewGroup", "Events"]


class _ClientBase:
    _http: Http

    def _groups(self, http: Http) -> None:
        self.contexts = Contexts(http)
        self.verifications = Verifications(http)
        self.signers = Signers(http)
        self.webhooks = Webhooks(http)
        self.agents = Agents(http)
        self.events = Events(http)
        self.overview = OverviewGroup(http)

    def search(self, q: str) -> Any:
        """GET /search: the records an id (ctx_..., vrf_..., whk_..., dlv_..., evt_...), a hash (context,
        entry or transaction) or an OTLP trace id names, and the agents whose agent_id is or starts
        with it (case aside)."""
        return self._http.request(Request("GET", "/search", {"q": q}, cast=lambda b: from_dict(SearchResult, b)))


class Client(_ClientBase):
    """Synchronous client. `base_url` includes /v1. 429 and 503 are retried (max_retries, default
    3) honouring Retry-After, else with exponential backoff from base_delay (0.5 s) up to max_delay
    (60 s; a longer Retry-After raises at once); `timeout` is per attempt (30 s)."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 30.0, max_retries: int = 3,
                 base_delay: float = 0.5, max_delay: float = 60.0, user_agent: Optional[str] = None,
                 transport: Optional[httpx.BaseTransport] = None) -> None:
        self._http = SyncHttp(base_url, api_key, timeout=timeout, max_retries=max_retries, base_delay=base_delay,
                              max_delay=max_delay, user_agent=user_agent, transport=transport)
        self._groups(self._http)

    def status(self) -> AuthStatus:
        """GET /status: who the key belongs to, its plan, what is left of its rate limit."""
        return self._http.request(Request("GET", "/status", cast=lambda b: from_dict(AuthStatus, b)))

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncClient(_ClientBase):
    """The asyncio twin of Client: the same resources and options; `await` the calls and
    `async for` the lists."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 30.0, max_retries: int = 3,
                 base_delay: float = 0.5, max_delay: float = 60.0, user_agent: Optional[str] = None,
                 transport: Optional[httpx.AsyncBaseTransport] = None) -> None:
        self._http = AsyncHttp(base_url, api_key, timeout=timeout, max_retries=max_retries, base_delay=base_delay,
                               max_delay=max_delay, user_agent=user_agent, transport=transport)
        self._groups(self._http)

    async def status(self) -> AuthStatus:
        return await self._http.request(Request("GET", "/status", cast=lambda b: from_dict(AuthStatus, b)))

    async def aclose(self) -> None:
        await self._http.close()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()


