"""ContextLogger, AsyncContextLogger and @logged against the real API: batches, a 503 burst and a
dropped connection (nothing lost, nothing doubled), a real 429, partial refusal, the bounded
queue's overflow policies, and the flush at interpreter exit (a real subprocess)."""

import asyncio
import os
import pathlib
import subprocess
import sys
import threading

import httpx
import pytest

import ctxlog
from ctxlog import AsyncClient, AsyncContextLogger, Client, ContextLogger
from ctxlog._batching import ContextLoggerFlushError, ContextLoggerQueueFull

pytestmark = pytest.mark.stack
SRC = str(pathlib.Path(__file__).resolve().parents[1] / "src")


class FaultyTransport(httpx.BaseTransport):
    """Real HTTP to the API, except the n-th batch POST, failed in a chosen way: a 503 from an
    intermediary before the API saw it or after it committed, or a connection dropped after the
    commit. Records every batch POST's Idempotency-Key and outcome."""

    def __init__(self, faults):
        self.inner = httpx.HTTPTransport()
        self.faults = faults
        self.posts = []
        self.lock = threading.Lock()

    def handle_request(self, request):
        if not request.url.path.endswith("/contexts/batch"):
            return self.inner.handle_request(request)
        with self.lock:
            n = len(self.posts) + 1
            fault = self.faults.get(n)
            self.posts.append((request.headers.get("idempotency-key"), fault or "ok"))
        if fault == "503-before":
            return httpx.Response(503, headers={"retry-after": "0"},
                                  json={"error": {"code": "SERVICE_UNAVAILABLE", "message": "lb", "request_id": "x"}})
        response = self.inner.handle_request(request)
        response.read()  # the API has answered: its transaction is committed
        if fault == "drop-after-commit":
            raise httpx.ReadError("connection reset by peer")
        if fault == "503-after-commit":
            return httpx.Response(503, headers={"retry-after": "0"}, content=b"<html>503</html>")
        return httpx.Response(response.status_code, headers=response.headers, content=response.content)


def test_a_burst_from_many_threads_goes_out_in_batches(stack, tenant, control):
    transport = FaultyTransport({})
    logger = ContextLogger(Client(stack["base_url"], tenant["keys"]["full"], transport=transport))
    futures, lock = [], threading.Lock()

    def produce(p):
        for i in range(50):
            f = logger.log("py-burst", {"p": p, "i": i})
            with lock:
                futures.append(f)

    threads = [threading.Thread(target=produce, args=(p,)) for p in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    logger.close()
    records = [f.result() for f in futures]
    assert len({r.context_id for r in records}) == 800
    # the receipt to keep for audits, typed as from contexts.create
    from ctxlog import verify_receipt
    from ctxlog.models import Receipt
    assert all(isinstance(r.receipt, Receipt) and r.receipt.context_hash == r.context_hash for r in records)
    assert verify_receipt(records[0].receipt.to_dict()) is None
    assert control("/count", agent_id="py-burst")["count"] == 800
    assert 8 <= len(transport.posts) <= 80  # batches of at most 100


def test_a_503_burst_and_a_dropped_connection_lose_nothing_and_double_nothing(stack, tenant, control):
    faults = {2: "503-after-commit", 3: "503-before", 4: "503-before", 5: "503-before", 7: "drop-after-commit"}
    transport = FaultyTransport(faults)
    # the client does not retry here: the logger's own retries are under test
    client = Client(stack["base_url"], tenant["keys"]["full"], transport=transport, max_retries=0)
    failures = []
    logger = ContextLogger(client, max_batch_size=50, base_delay=0.01, on_failure=lambda i, e: failures.append(e))
    futures = [logger.log("py-503", {"i": i}) for i in range(500)]
    logger.close()
    records = [f.result() for f in futures]
    assert [r.context_data["i"] for r in records] == list(range(500))
    assert len({r.context_id for r in records}) == 500
    assert control("/count", agent_id="py-503")["count"] == 500  # the batches committed before a fault: once each
    assert failures == []
    keys = [key for key, _ in transport.posts]
    assert len(transport.posts) == 10 + len(faults) and len(set(keys)) == 10  # each retry under its batch's key


def test_a_real_429_is_waited_out(stack, control):
    tiny = control("/tenant", plan="tiny")  # 2 units per 2 s, one unit per context
    logger = ContextLogger(Client(stack["base_url"], tiny["keys"]["full"]), max_batch_size=2)
    futures = [logger.log("py-429", {"i": i}) for i in range(6)]
    logger.close()
    assert len({f.result().context_id for f in futures}) == 6
    assert control("/count", agent_id="py-429")["count"] == 6


def test_only_the_refused_item_fails_and_reaches_the_callback_and_the_log(stack, tenant, control, caplog):
    failures = []
    logger = ContextLogger(Client(stack["base_url"], tenant["keys"]["full"]),
                           on_failure=lambda item, error: failures.append((item, error)))
    good1 = logger.log("py-mixed", {"ok": 1})
    bad = logger.log("not valid!", {})
    good2 = logger.log("py-mixed", {"ok": 2})
    with pytest.raises(ContextLoggerFlushError) as caught:
        logger.close()
    assert len(caught.value.errors) == 1
    assert isinstance(bad.exception(), ctxlog.ValidationError)
    assert good1.result().context_data == {"ok": 1} and good2.result().context_data == {"ok": 2}
    assert [item["agent_id"] for item, _ in failures] == ["not valid!"]
    assert "not accepted" in caplog.text
    assert control("/count", agent_id="py-mixed")["count"] == 2


def test_the_bounded_queue_raises_drops_or_blocks_as_told(stack, tenant, control):
    client = Client(stack["base_url"], tenant["keys"]["full"])
    raising = ContextLogger(client, max_queue_size=3, when_full="raise", flush_interval=5)
    kept = [raising.log("py-bounded", {"i": i}) for i in range(3)]
    with pytest.raises(ContextLoggerQueueFull):
        raising.log("py-bounded", {"i": 3})
    raising.close()
    assert all(f.result() for f in kept)

    dropped = []
    dropping = ContextLogger(client, max_queue_size=2, when_full="drop", flush_interval=5,
                             on_failure=lambda item, error: dropped.append(item))
    futures = [dropping.log("py-bounded", {"i": i}) for i in range(10, 14)]
    assert isinstance(futures[3].exception(), ContextLoggerQueueFull) and len(dropped) == 2
    dropping.close()  # what was dropped was never accepted: close() has nothing to report
    assert [f.result().context_data["i"] for f in futures[:2]] == [10, 11]

    blocking = ContextLogger(client, max_queue_size=3, flush_interval=0.05)
    futures = [blocking.log("py-bounded", {"i": i}) for i in range(20, 27)]
    assert blocking.pending <= 3
    blocking.close()
    assert all(f.result() for f in futures)
    assert control("/count", agent_id="py-bounded")["count"] == 3 + 2 + 7


def test_the_logger_flushes_at_interpreter_exit(stack, tenant, control):
    script = (
        "import ctxlog\n"
        "logger = ctxlog.ContextLogger(ctxlog.Client(%r, %r), flush_interval=3600, max_batch_size=500)\n"
        "for i in range(120):\n"
        "    logger.log('py-exit', {'i': i})\n"
        "print('exiting with', logger.pending, 'queued')\n"
    ) % (stack["base_url"], tenant["keys"]["full"])
    done = subprocess.run([sys.executable, "-c", script], env=dict(os.environ, PYTHONPATH=SRC),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "exiting with 120 queued" in done.stdout  # nothing had left before exit
    assert control("/count", agent_id="py-exit")["count"] == 120


def test_the_async_logger(stack, tenant, control):
    async def run():
        async with AsyncClient(stack["base_url"], tenant["keys"]["full"]) as client:
            async with AsyncContextLogger(client, max_batch_size=40) as logger:
                futures = [await logger.log("py-async-log", {"i": i}) for i in range(200)]
            return [f.result() for f in futures]

    records = asyncio.run(run())
    assert [r.context_data["i"] for r in records] == list(range(200))
    assert control("/count", agent_id="py-async-log")["count"] == 200


def test_the_logged_decorator(stack, tenant, client):
    logger = ContextLogger(Client(stack["base_url"], tenant["keys"]["full"]))

    @ctxlog.logged(agent_id="py-decorated", logger=logger)
    def plan(task, steps=2):
        if task == "fail":
            raise RuntimeError("no plan")
        return {"plan": [task] * steps}

    assert plan("write", steps=3) == {"plan": ["write"] * 3}
    with pytest.raises(RuntimeError):
        plan("fail")
    logger.close()
    logged = sorted(client.contexts.list(agent_id="py-decorated"), key=lambda c: c.sequence)
    ok, failed = [c.context_data for c in logged]
    assert ok["function"].endswith("plan") and ok["arguments"] == {"task": "write", "steps": 3}
    assert ok["result"] == {"plan": ["write"] * 3} and ok["duration_ms"] >= 0
    assert failed["exception"] == {"type": "RuntimeError", "message": "no plan"} and "result" not in failed
