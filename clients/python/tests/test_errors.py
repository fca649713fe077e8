"""The local refusals, no stack needed: data with no JSON form is a NotJsonError naming the value,
and a context no batch could carry a ContextTooLargeError, both before anything is sent (a
transport that counts the requests stands in for the server)."""

import asyncio
import datetime
import decimal
import math

import httpx
import pytest

from ctxlog import (ApiError, AsyncClient, AsyncContextLogger, Client, ContextLogger, ContextTooLargeError,
                    CtxlogError, NotJsonError, PayloadTooLarge, ValidationError)
from ctxlog._batching import item_error

cyclic = {"a": 1}
cyclic["self"] = cyclic
NOT_JSON = [
    ("a datetime", {"at": datetime.datetime(2026, 1, 2, 3, 4, 5)}, "context_data.at", "datetime"),
    ("a date", {"at": datetime.date(2026, 1, 2)}, "context_data.at", "date"),
    ("NaN", {"x": [1.0, math.nan]}, "context_data.x.1", "nan"),
    ("Infinity", {"x": math.inf}, "context_data.x", "inf"),
    ("-Infinity", {"x": {"y": -math.inf}}, "context_data.x.y", "-inf"),
    ("a cycle", {"c": cyclic}, "context_data.c.self", "cycle"),
    ("bytes", {"raw": b"\x00\x01"}, "context_data.raw", "bytes"),
    ("a lone surrogate", {"s": "ok \ud800 not"}, "context_data.s", "surrogate"),
    ("a surrogate in a key", {"k\udc00": 1}, "context_data.k\\udc00", "surrogate"),
    ("an int key, which json.dumps would quietly make a str", {"m": {1: "one"}}, "context_data.m.1", "key of type int"),
    ("a set", {"tags": {"a"}}, "context_data.tags", "set"),
    ("a Decimal", {"price": decimal.Decimal("1.10")}, "context_data.price", "Decimal"),
    ("an object", {"o": object()}, "context_data.o", "object"),
]


class Counting(httpx.MockTransport):
    def __init__(self):
        self.requests = []
        super().__init__(self.answer)

    def answer(self, request):
        self.requests.append(request)
        return httpx.Response(202, json={})


class AsyncCounting(httpx.MockTransport):
    def __init__(self):
        self.requests = []
        super().__init__(self.answer)

    async def answer(self, request):
        self.requests.append(request)
        return httpx.Response(202, json={})


@pytest.mark.parametrize("what, data, path, reason", NOT_JSON, ids=[case[0] for case in NOT_JSON])
def test_create_refuses_data_with_no_json_form_naming_it_and_sends_nothing(what, data, path, reason):
    transport = Counting()
    with Client("http://ctxlog.invalid/v1", "sk_test", transport=transport) as client:
        with pytest.raises(NotJsonError) as caught:
            client.contexts.create("py-json", data)
    assert caught.value.path == path
    assert reason in caught.value.reason and path in str(caught.value)
    assert isinstance(caught.value, CtxlogError)
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)  # what json.dumps raised
    assert transport.requests == []


def test_the_path_is_the_one_in_the_request_body_for_a_batch_a_verification_and_metadata():
    transport = Counting()
    when = datetime.datetime.now(datetime.timezone.utc)
    with Client("http://ctxlog.invalid/v1", "sk_test", transport=transport) as client:
        with pytest.raises(NotJsonError) as caught:
            client.contexts.create_many([{"agent_id": "a", "context_data": {}},
                                         {"agent_id": "a", "context_data": {"steps": [{"at": when}]}}])
        assert caught.value.path == "contexts.1.context_data.steps.0.at"
        with pytest.raises(NotJsonError) as caught:
            client.contexts.create("a", {}, {"cost": math.nan})
        assert caught.value.path == "metadata.cost"
        with pytest.raises(NotJsonError) as caught:
            client.verifications.create(transaction_hash="0x" + "0" * 64,
                                        context={"agent_id": "a", "context_data": {"at": when}})
        assert caught.value.path == "context.context_data.at"
    assert transport.requests == []


def test_what_has_a_json_form_is_sent_shared_parts_and_tuples_included():
    transport = Counting()
    shared = {"k": [1, 2]}
    with Client("http://ctxlog.invalid/v1", "sk_test", transport=transport) as client:
        client.contexts.create("py-json", {"a": shared, "b": shared, "t": (1, "x"), "big": 2**60, "é": "☃"})
    assert len(transport.requests) == 1
    assert transport.requests[0].content.decode() == (
        '{"agent_id":"py-json","context_data":{"a":{"k":[1,2]},"b":{"k":[1,2]},"t":[1,"x"],'
        '"big":1152921504606846976,"é":"☃"}}')


def test_the_async_client_refuses_the_same_way():
    transport = AsyncCounting()

    async def run():
        async with AsyncClient("http://ctxlog.invalid/v1", "sk_test", transport=transport) as client:
            await client.contexts.create("py-json", {"at": datetime.datetime.now()})

    with pytest.raises(NotJsonError) as caught:
        asyncio.run(run())
    assert caught.value.path == "context_data.at" and transport.requests == []


def test_the_loggers_log_refuses_at_once_with_the_items_own_path():
    transport = Counting()
    logger = ContextLogger(Client("http://ctxlog.invalid/v1", "sk_test", transport=transport))
    with pytest.raises(NotJsonError) as caught:
        logger.log("py-json", {"n": math.nan})
    assert caught.value.path == "context_data.n"
    with pytest.raises(NotJsonError) as caught:
        logger.log("py-json", {}, {"at": datetime.datetime.now()})
    assert caught.value.path == "metadata.at"
    assert logger.pending == 0
    logger.close()
    assert transport.requests == []

    async def run():
        async_logger = AsyncContextLogger(AsyncClient("http://ctxlog.invalid/v1", "sk_test",
                                                      transport=AsyncCounting()))
        try:
            await async_logger.log("py-json", {"b": b"x"})
        finally:
            await async_logger.aclose()

    with pytest.raises(NotJsonError) as caught:
        asyncio.run(run())
    assert caught.value.path == "context_data.b"


def test_a_context_no_batch_could_carry_is_a_context_too_large_error_not_a_value_error():
    transport = Counting()
    logger = ContextLogger(Client("http://ctxlog.invalid/v1", "sk_test", transport=transport))
    with pytest.raises(ContextTooLargeError) as caught:
        logger.log("py-big", {"blob": "x" * (5 * 1024 * 1024)})
    error = caught.value
    assert isinstance(error, CtxlogError) and not isinstance(error, ValueError)
    assert error.size > error.limit and error.limit == 5 * 1024 * 1024 - 16
    logger.close()
    assert transport.requests == []


def test_one_class_catches_every_too_large():
    answered = PayloadTooLarge("too big", status=413, method="POST", url="/v1/contexts")
    assert isinstance(answered, ContextTooLargeError) and isinstance(answered, ApiError)
    assert (answered.path, answered.size, answered.limit, answered.status) == (None, None, None, 413)


def test_a_batch_item_refused_for_its_size_fails_with_a_context_too_large_error():
    refused = ValidationError("2 of 3 contexts refused", status=400, details=[
        {"index": 0, "code": "VALIDATION_ERROR", "path": "contexts.0.agent_id", "message": "bad agent"},
        {"index": 2, "code": "PAYLOAD_TOO_LARGE", "path": "contexts.2.context_data",
         "message": "context_data is 300000 bytes serialized; the limit is 262144."},
    ])
    too_large = item_error(refused, 2)
    assert isinstance(too_large, ContextTooLargeError) and not isinstance(too_large, ApiError)
    assert too_large.path == "context_data" and too_large.__cause__ is refused
    assert "262144" in str(too_large)
    assert item_error(refused, 0) is refused  # refused for another reason: the 400 as it came
    assert item_error(refused, 1) is refused
