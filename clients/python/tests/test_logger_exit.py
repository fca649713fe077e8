"""What the logger does with contexts it cannot send: at interpreter exit and when close() times
out, every unsent context, queued or in a batch being retried, reaches on_failure and one log line.
The server is down for real here: a port nothing listens on (connections refused)."""

import os
import pathlib
import socket
import subprocess
import sys

import ctxlog
from ctxlog import Client, ContextLogger, ContextLoggerUnsent

SRC = str(pathlib.Path(__file__).resolve().parents[1] / "src")


def closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_contexts_unsent_at_exit_reach_on_failure_and_the_log():
    script = (
        "import logging, sys, ctxlog\n"
        "logging.basicConfig(stream=sys.stderr, level=logging.ERROR, format='%%(levelname)s %%(message)s')\n"
        "def kept(item, error):\n"
        "    print('kept', item['context_data']['i'], type(error).__name__, flush=True)\n"
        "client = ctxlog.Client('http://127.0.0.1:%d', 'sk_test_down', timeout=1)\n"
        "logger = ctxlog.ContextLogger(client, exit_timeout=2, flush_interval=0.01, on_failure=kept)\n"
        "for i in range(5):\n"
        "    logger.log('py-exit-down', {'i': i})\n"
    ) % closed_port()
    done = subprocess.run([sys.executable, "-c", script], env=dict(os.environ, PYTHONPATH=SRC),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    kept = sorted(line for line in done.stdout.splitlines() if line.startswith("kept "))
    assert kept == ["kept %d ContextLoggerUnsent" % i for i in range(5)]
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR ")]
    assert len(errors) == 1, done.stderr
    assert "5 context(s) not sent" in errors[0]


def test_close_with_a_timeout_gives_up_on_what_it_could_not_send():
    failed = []
    logger = ContextLogger(Client("http://127.0.0.1:%d" % closed_port(), "sk_test_down", timeout=1),
                           flush_interval=0.01, on_failure=lambda item, error: failed.append((item, error)))
    futures = [logger.log("py-close-down", {"i": i}) for i in range(3)]
    try:
        logger.close(timeout=0.5)
        raise AssertionError("close() returned with the server down")
    except TimeoutError:
        pass
    assert sorted(item["context_data"]["i"] for item, _ in failed) == [0, 1, 2]
    assert all(isinstance(error, ContextLoggerUnsent) for _, error in failed)
    assert all(isinstance(f.exception(timeout=0), ContextLoggerUnsent) for f in futures)
    assert logger.pending == 0
    assert isinstance(ContextLoggerUnsent("x"), ctxlog.CtxlogError)


def test_aclose_returns_after_its_timeout_and_hands_the_rest_to_on_failure():
    import asyncio

    failed = []

    async def run():
        client = ctxlog.AsyncClient("http://127.0.0.1:%d" % closed_port(), "sk_test_down", timeout=1)
        logger = ctxlog.AsyncContextLogger(client, flush_interval=0.01,
                                           on_failure=lambda item, error: failed.append((item, error)))
        futures = [await logger.log("py-aclose-down", {"i": i}) for i in range(4)]
        try:
            await logger.aclose(timeout=0.5)
            raise AssertionError("aclose() returned with the server down")
        except TimeoutError:
            pass
        return logger, futures

    logger, futures = asyncio.run(run())
    assert sorted(item["context_data"]["i"] for item, _ in failed) == [0, 1, 2, 3]
    assert all(isinstance(error, ContextLoggerUnsent) for _, error in failed)
    assert all(isinstance(f.exception(), ContextLoggerUnsent) for f in futures)
    assert logger.pending == 0
