"""Client and AsyncClient: every /v1 endpoint an API key may call, in resource groups. The resource
classes describe requests; the sync or async HTTP layer under them runs them, so
`Client(...).contexts.get(id)` returns a Context and `await AsyncClient(...).contexts.get(id)` too.
List methods iterate over every page (`for` / `async for`), following the cursors."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Dict, Mapping, Optional, Sequence, Union

import httpx

from ._http import AsyncHttp, Request, SyncHttp, seg
from .models import (AgentLog, AuthStatus, Context, CreatedContext, CreatedWebhook, DeletedWebhook, EventType,
                     RecordedEvent, RecoveringWebhook, RotatedWebhookSecret, Signer, Verification, Webhook,
                     WebhookDelivery, WebhookDeliveryDetail, from_dict)

__all__ = ["Client", "AsyncClient", "MAX_BATCH_ITEMS"]

MAX_BATCH_ITEMS = 500
# body-less POSTs send {}: a route validating its body as an empty object accepts it
EMPTY: Dict[str, Any] = {}
Http = Union[SyncHttp, AsyncHttp]


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


class _Resource:
    def __init__(self, http: Http) -> None:
        self._http = http

    def _run(self, req: Request) -> Any:
        return self._http.request(req)


class Contexts(_Resource):
    def create(self, agent_id: str, context_data: Mapping[str, Any], metadata: Optional[Mapping[str, Any]] = None,
               *, visibility: Optional[str] = None, idempotency_key: Optional[str] = None) -> Any:
        """POST /contexts → 202, the pending context with its receipt. Always sent with an
        Idempotency-Key (one is generated when not given), so a retry cannot log twice."""
        return self._run(Request("POST", "/contexts", body=_context_input(agent_id, context_data, metadata, visibility),
                                 headers={"Idempotency-Key": idempotency_key or _new_key()},
                                 cast=lambda b: from_dict(CreatedContext, b)))

    def create_many(self, items: Sequence[Mapping[str, Any]], *, idempotency_key: Optional[str] = None) -> Any:
        """POST /contexts/batch → the pending contexts in the order given: 1–500 items
        ({agent_id, context_data, metadata?, visibility?}), at most 5 MiB, all or nothing."""
        if not 1 <= len(items) <= MAX_BATCH_ITEMS:
            raise ValueError("create_many takes 1 to %d items, got %d" % (MAX_BATCH_ITEMS, len(items)))
        return self._run(Request("POST", "/contexts/batch", body={"contexts": [dict(i) for i in items]},
                                 headers={"Idempotency-Key": idempotency_key or _new_key()},
                                 cast=lambda b: [from_dict(Context, c) for c in b["data"]]))

    def get(self, context_id: str) -> Any:
        return self._run(Request("GET", "/contexts/%s" % seg(context_id), cast=lambda b: from_dict(Context, b)))

    def list(self, *, agent_id: Optional[str] = None, status: Optional[str] = None, limit: Optional[int] = None) -> Any:
        """Every matching context, newest first, a page of `limit` at a time."""
        return self._http.paginate("/contexts", {"agent_id": agent_id, "status": status, "limit": limit},
                                   lambda c: from_dict(Context, c))

    def proof(self, context_id: str) -> Any:
        """GET /contexts/:id/proof: the bundle as served (a dict), for ctxlog.verify_proof. 409 until confirmed."""
        return self._run(Request("GET", "/contexts/%s/proof" % seg(context_id)))

    def retry(self, context_id: str) -> Any:
        """POST /contexts/:id/retry → 202: queues a failed context for anchoring again."""
        return self._run(Request("POST", "/contexts/%s/retry" % seg(context_id), body=EMPTY,
                                 cast=lambda b: from_dict(Context, b)))


class Verifications(_Resource):
    def create(self, context_id: Optional[str] = None, *, transaction_hash: Optional[str] = None,
               context: Optional[Mapping[str, Any]] = None) -> Any:
        """POST /verifications: the service verifies for you (verify_proof trusts no one)."""
        body: Dict[str, Any] = {"context_id": context_id} if context_id is not None else {
            "transaction_hash": transaction_hash, "context": context}
        return self._run(Request("POST", "/verifications", body=body, cast=lambda b: from_dict(Verification, b)))

    def get(self, verification_id: str) -> Any:
        return self._run(Request("GET", "/verifications/%s" % seg(verification_id),
                                 cast=lambda b: from_dict(Verification, b)))

    def list(self, *, context_id: Optional[str] = None, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/verifications", {"context_id": context_id, "limit": limit},
                                   lambda v: from_dict(Verification, v))


class Signers(_Resource):
    def list(self, *, limit: Optional[int] = None) -> Any:
        """GET /signers: the service's keys, to pin as expected_signers / trusted_submitters."""
        return self._http.paginate("/signers", {"limit": limit}, lambda s: from_dict(Signer, s))


class Webhooks(_Resource):
    def create(self, url: str, events: Sequence[str], *, description: Optional[str] = None,
               secret: Optional[str] = None, rate_limit: Optional[float] = None) -> Any:
        body: Dict[str, Any] = {"url": url, "events": list(events)}
        for key, value in (("description", description), ("secret", secret), ("rate_limit", rate_limit)):
            if value is not None:
                body[key] = value
        return self._run(Request("POST", "/webhooks", body=body, cast=lambda b: from_dict(CreatedWebhook, b)))

    def get(self, webhook_id: str) -> Any:
        return self._run(Request("GET", "/webhooks/%s" % seg(webhook_id), cast=lambda b: from_dict(Webhook, b)))

    def list(self, *, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/webhooks", {"limit": limit}, lambda w: from_dict(Webhook, w))

    def update(self, webhook_id: str, **changes: Any) -> Any:
        """PUT /webhooks/:id with only the fields given: url, events, description, rate_limit, disabled."""
        return self._run(Request("PUT", "/webhooks/%s" % seg(webhook_id), body=changes,
                                 cast=lambda b: from_dict(Webhook, b)))

    def delete(self, webhook_id: str) -> Any:
        return self._run(Request("DELETE", "/webhooks/%s" % seg(webhook_id), cast=lambda b: from_dict(DeletedWebhook, b)))

    def test(self, webhook_id: str, event: Optional[str] = None) -> Any:
        """POST /webhooks/:id/test → 202, the queued delivery of a sample event (`test: true`)."""
        body = {"event": event} if event else EMPTY
        return self._run(Request("POST", "/webhooks/%s/test" % seg(webhook_id), body=body,
                                 cast=lambda b: from_dict(WebhookDelivery, b)))

    def rotate_secret(self, webhook_id: str) -> Any:
        return self._run(Request("POST", "/webhooks/%s/rotate-secret" % seg(webhook_id), body=EMPTY,
                                 cast=lambda b: from_dict(RotatedWebhookSecret, b)))

    def deliveries(self, webhook_id: str, *, status: Optional[str] = None, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/webhooks/%s/deliveries" % seg(webhook_id), {"status": status, "limit": limit},
                                   lambda d: from_dict(WebhookDelivery, d))

    def delivery(self, webhook_id: str, delivery_id: str) -> Any:
        return self._run(Request("GET", "/webhooks/%s/deliveries/%s" % (seg(webhook_id), seg(delivery_id)),
                                 cast=lambda b: from_dict(WebhookDeliveryDetail, b)))

    def retry(self, webhook_id: str, delivery_id: str) -> Any:
        """POST …/deliveries/:id/retry → 202: a new cycle of up to 5 attempts."""
        return self._run(Request("POST", "/webhooks/%s/deliveries/%s/retry" % (seg(webhook_id), seg(delivery_id)),
                                 body=EMPTY, cast=lambda b: from_dict(WebhookDelivery, b)))

    def recover(self, webhook_id: str, since: Union[str, datetime], until: Union[str, datetime, None] = None) -> Any:
        """POST /webhooks/:id/recover → 202: the failed deliveries created in [since, until) start again."""
        body = {"since": _iso(since)}
        if until is not None:
            body["until"] = _iso(until)
        return self._run(Request("POST", "/webhooks/%s/recover" % seg(webhook_id), body=body,
                                 cast=lambda b: from_dict(RecoveringWebhook, b)))


class Agents(_Resource):
    def list(self, *, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/agents", {"limit": limit}, lambda a: from_dict(AgentLog, a))

    def get(self, agent_id: str) -> Any:
        return self._run(Request("GET", "/agents/%s" % seg(agent_id), cast=lambda b: from_dict(AgentLog, b)))

    def export(self, agent_id: str, *, from_sequence: Optional[int] = None, to_sequence: Optional[int] = None) -> Any:
        """GET /agents/:id/export, streamed: the NDJSON lines (str), one entry each, in sequence
        order; feed them to ctxlog.audit_agent as they arrive."""
        return self._http.stream_lines("/agents/%s/export" % seg(agent_id),
                                       {"from_sequence": from_sequence, "to_sequence": to_sequence})


class Events(_Resource):
    def list(self, *, type: Optional[str] = None, created_after: Union[str, datetime, None] = None,
             created_before: Union[str, datetime, None] = None, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/events", {"type": type, "created_after": _iso(created_after),
                                               "created_before": _iso(created_before), "limit": limit},
                                   lambda e: from_dict(RecordedEvent, e))

    def get(self, event_id: str) -> Any:
        return self._run(Request("GET", "/events/%s" % seg(event_id), cast=lambda b: from_dict(RecordedEvent, b)))

    def types(self) -> Any:
        """GET /event-types: each event with the JSON Schema of its envelope and a sample."""
        return self._run(Request("GET", "/event-types", cast=lambda b: [from_dict(EventType, t) for t in b["data"]]))


class _ClientBase:
    def _groups(self, http: Http) -> None:
        self.contexts = Contexts(http)
        self.verifications = Verifications(http)
        self.signers = Signers(http)
        self.webhooks = Webhooks(http)
        self.agents = Agents(http)
        self.events = Events(http)


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


