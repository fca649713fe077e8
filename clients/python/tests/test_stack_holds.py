"""Legal holds and erasure reasons against the real API (test/e2e/python): client.agents.holds places,
lists and releases a hold; while it is active both erasures raise ApiError 409 CONFLICT naming it;
once released the erasure goes through and keeps its reason (the context)."""

import asyncio

import pytest

from ctxlog import ApiError, AsyncClient, Client

pytestmark = pytest.mark.stack


def test_a_hold_refuses_erasure_until_released_and_the_reason_is_kept(stack, tenant):
    with Client(stack["base_url"], tenant["keys"]["full"]) as client:
        created = client.contexts.create("py-held", {"n": 1})
        hold = client.agents.holds.place("py-held", reason="litigation: case 2026-CV-0142")
        assert hold.hold_id.startswith("hld_") and hold.agent_id == "py-held"
        assert (hold.reason, hold.released_at) == ("litigation: case 2026-CV-0142", None)
        assert hold.placed_by.startswith("key:key_")

        for erase in (lambda: client.contexts.erase_data(created.context_id, reason="asked"),
                      lambda: client.agents.erase_data("py-held", reason="asked")):
            with pytest.raises(ApiError) as refused:
                erase()
            assert refused.value.status == 409 and refused.value.code == "CONFLICT"
            assert hold.hold_id in str(refused.value)
        assert client.contexts.get(created.context_id).context_data == {"n": 1}

        assert [h.hold_id for h in client.agents.holds.list("py-held")] == [hold.hold_id]
        released = client.agents.holds.release("py-held", hold.hold_id)
        assert released.released_at is not None and released.released_by == hold.placed_by

        reason = "the data subject's request (GDPR Art. 17)"
        erased = client.contexts.erase_data(created.context_id, reason=reason)
        assert erased.context_data is None and erased.data_erasure_reason == reason
        assert erased.data_erasure_overrode_retention is False
        assert client.contexts.get(created.context_id).data_erasure_reason == reason


def test_override_retention_needs_a_reason_and_holds_are_another_users_404(stack, tenant, control):
    other = control("/tenant")
    with Client(stack["base_url"], tenant["keys"]["full"]) as client:
        created = client.contexts.create("py-reasons", {"n": 2})
        with pytest.raises(ApiError) as bad:
            client.contexts.erase_data(created.context_id, override_retention=True)
        assert bad.value.status == 400 and bad.value.code == "VALIDATION_ERROR"
        hold = client.agents.holds.place("py-reasons", reason="kept")
    with Client(stack["base_url"], other["keys"]["full"]) as stranger:
        with pytest.raises(ApiError) as hidden:
            stranger.agents.holds.release("py-reasons", hold.hold_id)
        assert hidden.value.status == 404
        with pytest.raises(ApiError) as no_log:
            stranger.agents.holds.place("py-reasons", reason="not theirs")
        assert no_log.value.status == 404


def test_the_async_client_has_the_same_holds(stack, tenant):
    async def run():
        async with AsyncClient(stack["base_url"], tenant["keys"]["full"]) as client:
            await client.contexts.create("py-held-async", {"n": 3})
            hold = await client.agents.holds.place("py-held-async", reason="async hold")
            listed = [h async for h in client.agents.holds.list("py-held-async")]
            released = await client.agents.holds.release("py-held-async", hold.hold_id)
            erased = await client.agents.erase_data("py-held-async", reason="async erasure")
            return hold, listed, released, erased

    hold, listed, released, erased = asyncio.run(run())
    assert [h.hold_id for h in listed] == [hold.hold_id]
    assert released.released_at is not None
    assert erased == {"erased": 1}
