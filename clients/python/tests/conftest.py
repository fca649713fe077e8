"""Shared fixtures. Unit tests need nothing running; tests marked `stack` need the real API,
PostgreSQL, Redis and anvil, which test/e2e/python/python-client.test.ts starts and describes in
CTXLOG_E2E (a JSON object: base_url, rpc_url, control_url, keys). Without it they are skipped."""

import json
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SRC = ROOT / "clients" / "python" / "src"
# CTXLOG_TEST_INSTALLED=1 (test/e2e/python): test the installed wheel, never src/; otherwise src/.
if os.environ.get("CTXLOG_TEST_INSTALLED") == "1":
    import ctxlog

    if pathlib.Path(ctxlog.__file__).resolve().is_relative_to(SRC):
        raise RuntimeError(f"CTXLOG_TEST_INSTALLED=1 but ctxlog comes from src/: {ctxlog.__file__}")
else:
    sys.path.insert(0, str(SRC))
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




# ---- the real stack (test/e2e/python/python-client.test.ts) -------------------------------------

@pytest.fixture(scope="session")
def stack():
    return json.loads(os.environ["CTXLOG_E2E"])


@pytest.fixture(scope="session")
def control(stack):
    """control(route, **body): asks the test's server side (tenants, anchoring, rows)."""
    import httpx

    def call(route, **body):
        response = httpx.post(stack["control_url"] + route, json=body, timeout=60)
        assert response.status_code == 200, response.text
        return response.json()

    return call


@pytest.fixture(scope="module")
def tenant(control):
    return control("/tenant")


@pytest.fixture
def client(stack, tenant):
    from ctxlog import Client

    with Client(stack["base_url"], tenant["keys"]["full"]) as c:
        yield c


def each_backend():
    """Parametrize over every secp256k1 backend present (at least two here)."""
    from ctxlog.secp256k1 import available_backends

    return pytest.mark.parametrize("backend", available_backends(), indirect=True)


@pytest.fixture
def backend(request):
    from ctxlog import secp256k1 as secp

    before = secp.backend_name()
    secp.use_backend(request.param)
    yield request.param
    secp.use_backend(before)
