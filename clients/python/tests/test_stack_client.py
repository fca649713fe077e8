"""Client and AsyncClient against the real API (test/e2e/python): every method, the errors by
class, and retries of a real 429 honouring its Retry-After."""

import asyncio
import json
import time

import pytest

import ctxlog
from ctxlog import AsyncClient, Client, hash_context, verify_receipt
from ctxlog.models import AgentLog, Context, CreatedContext, Signer, Verification

pytestmark = pytest.mark.stack
UNKNOWN_ID = "ctx_" + "0" * 26  # well-formed, never issued


def test_status_describes_the_key(client, tenant):
    status = client.status()
    assert (status.status, status.user_id, status.key["type"]) == ("authenticated", tenant["user_id"], "full")
    assert status.rate_limit["requests_remaining"] > 0


def test_create_returns_the_context_hashed_as_here_with_a_genuine_receipt(client, tenant):
    created = client.contexts.create("py-1", {"task": "summarize", "é": [1.5, None]}, {"run": 7})
    assert isinstance(created, CreatedContext)
    assert (created.agent_id, created.status, created.transaction_hash) == ("py-1", "pending", None)
    assert created.context_hash == hash_context("py-1", {"task": "summarize", "é": [1.5, None]}, {"run": 7})[1]
    assert created.receipt.user_id == tenant["user_id"]
    assert verify_receipt(created.receipt.to_dict()) is None
    again = client.contexts.get(created.context_id)
    assert isinstance(again, Context) and again.context_data == {"task": "summarize", "é": [1.5, None]}


def test_an_idempotency_key_makes_a_repeated_create_one_context(client, control):
    first = client.contexts.create("py-idem", {"n": 1}, idempotency_key="py-idem-key-1")
    second = client.contexts.create("py-idem", {"n": 1}, idempotency_key="py-idem-key-1")
    assert first.context_id == second.context_id
    assert control("/count", agent_id="py-idem")["count"] == 1
    with pytest.raises(ctxlog.Conflict):  # the same key with another body
        client.contexts.create("py-idem", {"n": 2}, idempotency_key="py-idem-key-1")


def test_create_many_keeps_the_order_and_names_a_bad_item(client, control):
    items = [{"agent_id": "py-many", "context_data": {"i": i}} for i in range(20)]
    created = client.contexts.create_many(items)
    assert [c.context_data for c in created] == [i["context_data"] for i in items]
    assert all(isinstance(c, CreatedContext) and c.receipt.context_hash == c.context_hash for c in created)
    assert verify_receipt(created[0].receipt.to_dict()) is None
    assert control("/count", agent_id="py-many")["count"] == 20
    with pytest.raises(ctxlog.ValidationError) as caught:
        client.contexts.create_many([{"agent_id": "py-many-2", "context_data": {}},
                                     {"agent_id": "bad agent", "context_data": {}}])
    assert caught.value.details[0]["index"] == 1 and caught.value.status == 400
    assert caught.value.request_id
    with pytest.raises(ValueError):
        client.contexts.create_many([{"agent_id": "x", "context_data": {}}] * 501)


def test_list_follows_the_cursors(client):
    client.contexts.create_many([{"agent_id": "py-list", "context_data": {"i": i}} for i in range(5)])
    listed = list(client.contexts.list(agent_id="py-list", limit=2))
    assert sorted(c.context_data["i"] for c in listed) == [0, 1, 2, 3, 4]
    assert list(client.contexts.list(agent_id="py-list", status="confirmed")) == []


def test_errors_are_one_class_per_code(client, stack, tenant):
    with pytest.raises(ctxlog.NotFound) as caught:
        client.contexts.get(UNKNOWN_ID)
    assert (caught.value.code, caught.value.status) == ("NOT_FOUND", 404) and caught.value.request_id
    assert isinstance(caught.value, ctxlog.CtxlogError)
    with pytest.raises(ctxlog.InvalidApiKey):
        Client(stack["base_url"], "sk_live_nothing").status()
    with Client(stack["base_url"], tenant["keys"]["read_only"]) as reader:
        with pytest.raises(ctxlog.InsufficientPermissions):
            reader.contexts.create("py-1", {})
    pending = client.contexts.create("py-retry", {"n": 1})
    with pytest.raises(ctxlog.Conflict):  # only a failed context can be retried
        client.contexts.retry(pending.context_id)
    with pytest.raises(ctxlog.Conflict):  # no proof before the context is confirmed
        client.contexts.proof(pending.context_id)
    with pytest.raises(ctxlog.CtxlogConnectionError):
        Client("http://127.0.0.1:9/v1", "sk_x", max_retries=0).status()


def test_a_real_429_is_raised_with_retry_after_or_waited_out(stack, control):
    tiny = control("/tenant", plan="tiny")  # 2 requests per 2 s
    no_retry = Client(stack["base_url"], tiny["keys"]["full"], max_retries=0)
    with pytest.raises(ctxlog.RateLimitExceeded) as caught:
        for _ in range(3):
            no_retry.status()
    assert caught.value.retry_after is not None and 0 < caught.value.retry_after <= 2
    patient = Client(stack["base_url"], tiny["keys"]["full"])
    started = time.monotonic()
    for _ in range(3):
        patient.status()  # the client waits for the window, as Retry-After says
    assert time.monotonic() - started > 0.5


def test_verifications_signers_agents(client, tenant):
    created = client.contexts.create("py-verif", {"n": 1})
    verification = client.verifications.create(created.context_id)
    assert isinstance(verification, Verification) and verification.context_hash == created.context_hash
    assert client.verifications.get(verification.verification_id).verification_id == verification.verification_id
    assert [v.verification_id for v in client.verifications.list(context_id=created.context_id)] == [
        verification.verification_id]
    by_data = client.verifications.create(transaction_hash="0x" + "ab" * 32,
                                          context={"agent_id": "py-verif", "context_data": {"n": 1}})
    assert by_data.verified is False
    assert all(isinstance(s, Signer) for s in client.signers.list())

    agents = {a.agent_id: a for a in client.agents.list(limit=2)}
    assert "py-verif" in agents and isinstance(agents["py-verif"], AgentLog)
    log = client.agents.get("py-verif")
    assert log.head_sequence == 1
    lines = list(client.agents.export("py-verif"))
    assert [json.loads(line)["context_id"] for line in lines] == [created.context_id]
    with pytest.raises(ctxlog.NotFound):
        list(client.agents.export("py-nobody"))
    assert "context.confirmed" in {t.type for t in client.events.types()}  # events.list/get: webhooks test


def test_async_client_serves_the_same_resources(stack, tenant, control):
    async def run():
        async with AsyncClient(stack["base_url"], tenant["keys"]["full"]) as client:
            status = await client.status()
            created = await client.contexts.create("py-async", {"n": 1})
            many = await client.contexts.create_many([{"agent_id": "py-async", "context_data": {"n": i}}
                                                      for i in range(2, 5)])
            listed = [c.context_id async for c in client.contexts.list(agent_id="py-async", limit=1)]
            lines = [line async for line in client.agents.export("py-async")]
            with pytest.raises(ctxlog.NotFound):
                await client.contexts.get(UNKNOWN_ID)
            return status, created, many, listed, lines

    status, created, many, listed, lines = asyncio.run(run())
    assert status.user_id == tenant["user_id"]
    assert set(listed) == {created.context_id, *(c.context_id for c in many)}
    assert len(lines) == 4 and control("/count", agent_id="py-async")["count"] == 4
