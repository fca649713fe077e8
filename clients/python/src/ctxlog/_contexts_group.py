"""The contexts, verifications and signers groups of Client and AsyncClient."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Dict, Mapping, Optional, Sequence

from ._http import AsyncHttp, Request, seg
from .models import Context, CreatedContext, Signer, Verification, from_dict
from .errors import ConfirmationTimeoutError
from .salt import salted_metadata
from ._resource import EMPTY, MAX_BATCH_ITEMS, When, _context_input, _erase_body, _iso, _new_key, _Resource, _unsalted


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
