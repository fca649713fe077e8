"""Shared fixtures. Unit tests need nothing running; tests marked `stack` need the real API,
PostgreSQL, Redis and anvil, which test/e2e/python/python-client.test.ts starts and describes in
CTXLOG_E2E (a JSON object: base_url, rpc_url, control_url, keys). Without it they are skipped."""

import json
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "clients" / "python" / "src"))
VECTORS = ROOT / "test-vectors"


def vectors(name):
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


def pytest_configure(config):
    config.addinivalue_line("markers", "stack: needs the real stack (run through npm test / jest)")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("CTXLOG_E2E"):
        return
    skip = pytest.mark.skip(reason="CTXLOG_E2E not set: run through test/e2e/python (npm test)")
    for item in items:
        if "stack" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(params=None)
def backends():
    from ctxlog.secp256k1 import available_backends

    return available_backends()
