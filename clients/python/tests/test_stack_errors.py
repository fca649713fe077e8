"""The size refusals of the real API (test/e2e/python), each caught as one ContextTooLargeError:
the 413 of POST /contexts, and a logger's item the batch route refuses for its size (a 400 naming
it), while the other items of its batch are accepted."""

import pytest

import ctxlog
from ctxlog import Client, ContextLogger, ContextLoggerFlushError, ContextTooLargeError

pytestmark = pytest.mark.stack
OVER = {"blob": "x" * (256 * 1024 + 1)}  # context_data's limit is 256 KiB


def test_a_413_is_a_context_too_large_error(client):
    with pytest.raises(ContextTooLargeError) as caught:
        client.contexts.create("py-big", OVER)
    assert isinstance(caught.value, ctxlog.PayloadTooLarge) and caught.value.status == 413


def test_the_loggers_item_refused_for_its_size_is_a_context_too_large_error(stack, tenant, control):
    failures = []
    logger = ContextLogger(Client(stack["base_url"], tenant["keys"]["full"]),
                           on_failure=lambda item, error: failures.append(error))
    good = logger.log("py-big-mixed", {"ok": 1})
    bad = logger.log("py-big-mixed", OVER)
    with pytest.raises(ContextLoggerFlushError):
        logger.flush()
    error = bad.exception()
    assert isinstance(error, ContextTooLargeError) and error.path == "context_data"
    assert isinstance(error.__cause__, ctxlog.ValidationError) and error.__cause__.request_id
    assert good.result().context_data == {"ok": 1}
    # alone in its batch, so the 400 names every item of it: mapped the same way
    alone = logger.log("py-big-alone", OVER)
    with pytest.raises(ContextLoggerFlushError):
        logger.close()
    assert isinstance(alone.exception(), ContextTooLargeError)
    assert failures == [error, alone.exception()]
    assert control("/count", agent_id="py-big-mixed")["count"] == 1
