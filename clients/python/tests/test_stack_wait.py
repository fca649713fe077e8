"""contexts.wait_confirmed, sync and async, against the real API (test/e2e/python): confirmed while
waiting (anchored on anvil as the chain worker does), failed, and a timeout."""

import asyncio
import threading

import pytest

from ctxlog import AsyncClient, ConfirmationTimeoutError

pytestmark = pytest.mark.stack


def test_returns_the_context_once_confirmed_while_waiting(client, control):
    created = client.contexts.create("py-wait", {"n": 1})
    later = threading.Timer(0.3, lambda: control("/anchor", context_ids=[created.context_id]))
    later.start()
    try:
        context = client.contexts.wait_confirmed(created.context_id, timeout=60, interval=0.05)
    finally:
        later.join()
    assert (context.context_id, context.status) == (created.context_id, "confirmed")
    assert context.transaction_hash


def test_returns_a_failed_context_async(stack, tenant, client, control):
    created = client.contexts.create("py-wait", {"n": 2})
    control("/fail", context_ids=[created.context_id])

    async def run():
        async with AsyncClient(stack["base_url"], tenant["keys"]["full"]) as c:
            return await c.contexts.wait_confirmed(created.context_id, timeout=60)

    context = asyncio.run(run())
    assert (context.status, context.retry_possible) == ("failed", False)


def test_a_pending_context_times_out_sync_and_async(stack, tenant, client):
    created = client.contexts.create("py-wait", {"n": 3})
    with pytest.raises(ConfirmationTimeoutError) as caught:
        client.contexts.wait_confirmed(created.context_id, timeout=0.3, interval=0.05)
    assert (caught.value.context_id, caught.value.status, caught.value.timeout) == (created.context_id, "pending", 0.3)

    async def run():
        async with AsyncClient(stack["base_url"], tenant["keys"]["full"]) as c:
            await c.contexts.wait_confirmed(created.context_id, timeout=0.3, interval=0.05)

    with pytest.raises(ConfirmationTimeoutError):
        asyncio.run(run())
