"""Client and AsyncClient: every /v1 endpoint an API key may call, in resource groups. The resource
classes describe requests; the sync or async HTTP layer under them runs them, so
`Client(...).contexts.get(id)` returns a Context and `await AsyncClient(...).contexts.get(id)` too.
List methods iterate over every page (`for` / `async for`), following the cursors. A body with no
JSON form (a datetime, NaN, bytes...) raises NotJsonError, naming the value, before anything is sent."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import datetime
from typing import Any, Dict, Mapping, Optional, Sequence, Union

import httpx

from ._http import AsyncHttp, Request, SyncHttp, seg
from .models import (AgentLog, AgentTrace, AnchoringCosts, AnchoringStatus, AuthStatus, Context, CreatedContext, CreatedWebhook,
                     DeletedWebhook, EventType, LegalHold, Overview, OverviewSeries, RecordedEvent, RecoveringWebhook, RotatedWebhookSecret,
                     SearchResult, Signer, Verification, Webhook, WebhookDelivery, WebhookDeliveryDetail,
                     WebhookStats, from_dict)
from .errors import ConfirmationTimeoutError
from .salt import salted_metadata

__all__ = ["Client", "AsyncClient", "MAX_BATCH_ITEMS"]

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


class Contexts(_Resource):
    def create(self, agent_id: str, context_data: Mapping[str, Any], metadata: Optional[Mapping[str, Any]] = None,
               *, visibility: Optional[str] = None, idempotency_key: Optional[str] = None, salt: bool = False) -> Any:
        """POST /contexts → 202, the pending context with its receipt. Always sent with an
        Idempotency-Key (one is generated when not given), so a retry cannot log twice. `salt=True`
        adds 32 random bytes to metadata (`ctxlog_salt`) for short or guessable data, whose hash
        could otherwise be reversed by guessing; the salt is erased with the data."""
        if salt:
            metadata = salted_metadata(metadata)
        return self._run(Request("POST", "/contexts", body=_context_input(agent_id, context_data, metadata, visibility),
                                 headers={"Idempotency-Key": idempotency_key or _new_key()},
                                 cast=lambda b: from_dict(CreatedContext, b)))

    def create_many(self, items: Sequence[Mapping[str, Any]], *, idempotency_key: Optional[str] = None) -> Any:
        """POST /contexts/batch → the pending contexts in the order given: 1–500 items
        ({agent_id, context_data, metadata?, visibility?, salt?}), at most 5 MiB, all or nothing. Each
        is a CreatedContext: `.receipt` (a Receipt) as from create()."""
        if not 1 <= len(items) <= MAX_BATCH_ITEMS:
            raise ValueError("create_many takes 1 to %d items, got %d" % (MAX_BATCH_ITEMS, len(items)))
        return self._run(Request("POST", "/contexts/batch", body={"contexts": [_unsalted(i) for i in items]},
                                 headers={"Idempotency-Key": idempotency_key or _new_key()},
                                 cast=lambda b: [from_dict(CreatedContext, c) for c in b["data"]]))

    def get(self, context_id: str) -> Any:
        return self._run(Request("GET", "/contexts/%s" % seg(context_id), cast=lambda b: from_dict(Context, b)))

    def list(self, *, agent_id: Optional[str] = None, status: Optional[str] = None, trace_id: Optional[str] = None,
             created_after: When = None, created_before: When = None, to_sequence: Optional[int] = None,
             limit: Optional[int] = None) -> Any:
        """Every matching context, newest first, a page of `limit` at a time. `trace_id`: the contexts
        holding the spans of one OpenTelemetry trace; created_after inclusive, created_before exclusive;
        `to_sequence` (with agent_id): the agent's log from that sequence down."""
        return self._http.paginate("/contexts", {"agent_id": agent_id, "status": status, "trace_id": trace_id,
                                                 "created_after": _iso(created_after),
                                                 "created_before": _iso(created_before),
                                                 "to_sequence": to_sequence, "limit": limit},
                                   lambda c: from_dict(Context, c))

    def wait_confirmed(self, context_id: str, timeout: float = 120.0, *, interval: float = 0.5,
                       max_interval: float = 5.0) -> Any:
        """Reads the context (GET /contexts/:id) with a growing pause (interval, x1.5 each time, up to
        max_interval) until it is confirmed or failed, and returns it: check `.status`. Raises
        ConfirmationTimeoutError after `timeout` seconds. On AsyncClient: `await` it."""
        if isinstance(self._http, AsyncHttp):
            return self._wait_async(context_id, timeout, interval, max_interval)
        deadline = time.monotonic() + timeout
        while True:
            context = self.get(context_id)
            left = deadline - time.monotonic()
            if context.status != "pending":
                return context
            if left <= 0:
                raise ConfirmationTimeoutError(context_id, context.status, timeout)
            time.sleep(min(interval, left))
            interval = min(max_interval, interval * 1.5)

    async def _wait_async(self, context_id: str, timeout: float, interval: float, max_interval: float) -> Context:
        deadline = time.monotonic() + timeout
        while True:
            context = await self.get(context_id)
            left = deadline - time.monotonic()
            if context.status != "pending":
                return context
            if left <= 0:
                raise ConfirmationTimeoutError(context_id, context.status, timeout)
            await asyncio.sleep(min(interval, left))
            interval = min(max_interval, interval * 1.5)

    def proof(self, context_id: str) -> Any:
        """GET /contexts/:id/proof: the bundle as served (a dict), for ctxlog.verify_proof. 409 until confirmed."""
        return self._run(Request("GET", "/contexts/%s/proof" % seg(context_id)))

    def erase_data(self, context_id: str, *, reason: Optional[str] = None,
                   override_retention: Optional[bool] = None) -> Any:
        """DELETE /contexts/:id/data (a full key): erases the context's data and metadata wherever the
        service kept them; its hashes, signature and proof remain. Again: the same record. `reason`
        is recorded with the erasure; override_retention=True (with a reason) erases data younger
        than the minimum retention. A legal hold, or data too young: ApiError 409 CONFLICT."""
        return self._run(Request("DELETE", "/contexts/%s/data" % seg(context_id),
                                 body=_erase_body(reason, override_retention), cast=lambda b: from_dict(Context, b)))

    def erase_agent_data(self, agent_id: str, *, reason: Optional[str] = None,
                         override_retention: Optional[bool] = None) -> Any:
        """DELETE /agents/:agent_id/data (a full key): one batch of up to 10,000 of the agent's
        contexts erased; the answer {agent_id, erased, remaining, done}: call again until done."""
        return self._run(Request("DELETE", "/agents/%s/data" % seg(agent_id), body=_erase_body(reason, override_retention)))

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

    def list(self, *, context_id: Optional[str] = None, created_after: When = None, created_before: When = None,
             limit: Optional[int] = None) -> Any:
        return self._http.paginate("/verifications", {"context_id": context_id, "created_after": _iso(created_after),
                                                      "created_before": _iso(created_before), "limit": limit},
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

    def list(self, *, health: Optional[str] = None, limit: Optional[int] = None) -> Any:
        """Every live webhook, newest first; `health`: only those with it (active, degraded, failing, disabled)."""
        return self._http.paginate("/webhooks", {"health": health, "limit": limit}, lambda w: from_dict(Webhook, w))

    def update(self, webhook_id: str, **changes: Any) -> Any:
        """PUT /webhooks/:id with only the fields given: url, events, description, rate_limit, disabled."""
        return self._run(Request("PUT", "/webhooks/%s" % seg(webhook_id), body=changes,
                                 cast=lambda b: from_dict(Webhook, b)))

    def stats(self, webhook_id: str, *, since: When = None, until: When = None) -> Any:
        """GET /webhooks/:id/stats: attempts and success rate per bucket over [since, until) (default 24 h)."""
        return self._run(Request("GET", "/webhooks/%s/stats" % seg(webhook_id),
                                 {"since": _iso(since), "until": _iso(until)},
                                 cast=lambda b: from_dict(WebhookStats, b)))

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
        """POST …/deliveries/:id/retry → 202: a failed delivery gets a new cycle of up to 5 attempts; a retrying one is tried now."""
        return self._run(Request("POST", "/webhooks/%s/deliveries/%s/retry" % (seg(webhook_id), seg(delivery_id)),
                                 body=EMPTY, cast=lambda b: from_dict(WebhookDelivery, b)))

    def recover(self, webhook_id: str, since: Union[str, datetime], until: Union[str, datetime, None] = None) -> Any:
        """POST /webhooks/:id/recover → 202: the failed deliveries created in [since, until) start again."""
        body = {"since": _iso(since)}
        if until is not None:
            body["until"] = _iso(until)
        return self._run(Request("POST", "/webhooks/%s/recover" % seg(webhook_id), body=body,
                                 cast=lambda b: from_dict(RecoveringWebhook, b)))


class Holds(_Resource):
    """`client.agents.holds`: an agent's legal holds. While one is active, no erasure of the agent's
    contexts' data runs (409 CONFLICT); released holds stay on record."""

    def list(self, agent_id: str, *, limit: Optional[int] = None) -> Any:
        """Every hold of the agent, newest first, active and released."""
        return self._http.paginate("/agents/%s/holds" % seg(agent_id), {"limit": limit},
                                   lambda h: from_dict(LegalHold, h))

    def place(self, agent_id: str, *, reason: str) -> Any:
        """POST /agents/:agent_id/holds → 201 (a full key): the hold, active."""
        return self._run(Request("POST", "/agents/%s/holds" % seg(agent_id), body={"reason": reason},
                                 cast=lambda b: from_dict(LegalHold, b)))

    def release(self, agent_id: str, hold_id: str) -> Any:
        """POST /agents/:agent_id/holds/:hold_id/release (a full key): the hold, released. Again: the same record."""
        return self._run(Request("POST", "/agents/%s/holds/%s/release" % (seg(agent_id), seg(hold_id)), body=EMPTY,
                                 cast=lambda b: from_dict(LegalHold, b)))


class Agents(_Resource):
    def __init__(self, http: Http) -> None:
        super().__init__(http)
        self.holds = Holds(http)

    def list(self, *, active_after: When = None, active_before: When = None, limit: Optional[int] = None) -> Any:
        """Every agent's log; active_after/active_before: only logs with an entry received in that window."""
        return self._http.paginate("/agents", {"active_after": _iso(active_after),
                                               "active_before": _iso(active_before), "limit": limit},
                                   lambda a: from_dict(AgentLog, a))

    def get(self, agent_id: str) -> Any:
        return self._run(Request("GET", "/agents/%s" % seg(agent_id), cast=lambda b: from_dict(AgentLog, b)))

    def export(self, agent_id: str, *, from_sequence: Optional[int] = None, to_sequence: Optional[int] = None) -> Any:
        """GET /agents/:id/export, streamed: the NDJSON lines (str), one entry each, in sequence
        order; feed them to ctxlog.audit_agent as they arrive."""
        return self._http.stream_lines("/agents/%s/export" % seg(agent_id),
                                       {"from_sequence": from_sequence, "to_sequence": to_sequence})

    def evidence(self, agent_id: str, *, from_: When, to: When, path: Optional[str] = None) -> Any:
        """GET /agents/:id/evidence: an evidence pack of the entries received in [from_, to), a zip
        (docs/evidence.md), streamed: its bytes chunk by chunk; or, given `path`, written to that file
        (through `<path>.partial`, renamed once whole) and the number of bytes returned (on
        AsyncClient: `await` it). Verify it with `ctxlog.evidence.verify_pack(path)` or `python -m
        ctxlog verify-pack`."""
        chunks = self._http.stream_bytes("/agents/%s/evidence" % seg(agent_id),
                                         {"from": _iso(from_), "to": _iso(to)}, "application/zip, application/json")
        if path is None:
            return chunks
        from .evidence.download import save_pack, save_pack_async

        return save_pack_async(chunks, path) if isinstance(self._http, AsyncHttp) else save_pack(chunks, path)

    def traces(self, agent_id: str, *, limit: Optional[int] = None) -> Any:
        """The agent's OpenTelemetry traces, newest first."""
        return self._http.paginate("/agents/%s/traces" % seg(agent_id), {"limit": limit},
                                   lambda t: from_dict(AgentTrace, t))

    def otel_refusals(self) -> Any:
        """GET /otel/refusals: spans refused at the OTLP endpoint in about the last 24 hours, per
        reason, with the fix (a dict: window_hours, data)."""
        return self._run(Request("GET", "/otel/refusals"))

    def erase_data(self, agent_id: str, *, reason: Optional[str] = None,
                   override_retention: Optional[bool] = None) -> Any:
        """DELETE /agents/:agent_id/data (a full key), again until done: the data of every context of
        the agent erased; returns {"erased": total}. The log, its hashes and proofs remain. `reason`
        and override_retention as for contexts.erase_data; a legal hold: ApiError 409 CONFLICT."""
        req = Request("DELETE", "/agents/%s/data" % seg(agent_id), body=_erase_body(reason, override_retention))
        if isinstance(self._http, AsyncHttp):
            return self._erase_async(self._http, req)
        erased = 0
        while True:
            step = self._http.request(req)
            erased += step["erased"]
            if step["done"]:
                return {"erased": erased}

    @staticmethod
    async def _erase_async(http: AsyncHttp, req: Request) -> Dict[str, int]:
        erased = 0
        while True:
            step = await http.request(req)
            erased += step["erased"]
            if step["done"]:
                return {"erased": erased}


class OverviewGroup(_Resource):
    """The dashboard's overview, for a full or read-only key too."""

    def get(self) -> Any:
        return self._run(Request("GET", "/overview", cast=lambda b: from_dict(Overview, b)))

    def series(self, *, since: When = None, until: When = None) -> Any:
        """Contexts received and confirmed and confirmation time per bucket over [since, until)
        (default the last hour, at most 31 days)."""
        return self._run(Request("GET", "/overview/series", {"since": _iso(since), "until": _iso(until)},
                                 cast=lambda b: from_dict(OverviewSeries, b)))

    def anchoring_status(self) -> Any:
        """Whether anchoring keeps up: its state, the lag and the last confirmed batch (the overview's
        `anchoring` alone, a much smaller read to poll)."""
        return self._run(Request("GET", "/anchoring/status", cast=lambda b: from_dict(AnchoringStatus, b)))

    def anchoring_costs(self, *, since: When = None, until: When = None) -> Any:
        """What anchoring your contexts cost over [since, until) (default the last 7 days, at most 31):
        gas and fees per UTC day, per batch and per context, each batch's shared by its contexts."""
        return self._run(Request("GET", "/anchoring/costs", {"since": _iso(since), "until": _iso(until)},
                                 cast=lambda b: from_dict(AnchoringCosts, b)))


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


