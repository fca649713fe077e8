"""Every client method against apps/api/openapi.json: each operation an API key may call (its
security lists bearerAuth) has a method, and each method's request (method, path template, query
parameter names) is the document's. The requests are recorded by a real local HTTP server.
exportOtelTraces is left out on purpose: OpenTelemetry exporters send it (OTLP/HTTP), not this client."""

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

import pytest

from conftest import ROOT
from ctxlog import Client

NOT_CLIENT_OPERATIONS = {"exportOtelTraces"}
# operations and query parameters with no method yet: to stay empty
NO_METHOD_YET = []
NO_QUERY_PARAMETER_YET = {}
T0, T1 = "2026-11-26T00:00:00Z", "2026-11-27T00:00:00Z"

# (name, operationId, call): lists are drained, so a second page (with its cursor) is asked for
CALLS = [
    ("status", "getStatus", lambda c: c.status()),
    ("contexts.create", "createContext", lambda c: c.contexts.create("a", {"k": 1})),
    ("contexts.create_many", "createContextsBatch",
     lambda c: c.contexts.create_many([{"agent_id": "a", "context_data": {}}])),
    ("contexts.get", "getContext", lambda c: c.contexts.get("ctx_1")),
    ("contexts.list", "listContexts", lambda c: list(c.contexts.list(agent_id="a", status="failed", limit=5))),
    ("contexts.list (a log from a sequence down)", "listContexts",
     lambda c: list(c.contexts.list(agent_id="a", to_sequence=40))),
    ("contexts.list (a trace, a window)", "listContexts",
     lambda c: list(c.contexts.list(trace_id="5b8efff798038103d269b633813fc60c", created_after=T0, created_before=T1))),
    ("contexts.proof", "getContextProof", lambda c: c.contexts.proof("ctx_1")),
    ("contexts.retry", "retryContext", lambda c: c.contexts.retry("ctx_1")),
    ("contexts.erase_data", "eraseContextData", lambda c: c.contexts.erase_data("ctx_1")),
    ("contexts.erase_agent_data", "eraseAgentData", lambda c: c.contexts.erase_agent_data("planner-7")),
    ("agents.list", "listAgents", lambda c: list(c.agents.list(limit=5))),
    ("agents.list (a window)", "listAgents", lambda c: list(c.agents.list(active_after=T0, active_before=T1))),
    ("agents.traces", "listAgentTraces", lambda c: list(c.agents.traces("planner-7", limit=5))),
    ("agents.erase_data", "eraseAgentData", lambda c: c.agents.erase_data("planner-7")),
    ("agents.erase_data (a reason, overriding the minimum retention)", "eraseAgentData",
     lambda c: c.agents.erase_data("planner-7", reason="GDPR Art. 17", override_retention=True)),
    ("contexts.erase_data (a reason)", "eraseContextData", lambda c: c.contexts.erase_data("ctx_1", reason="asked")),
    ("agents.holds.list", "listLegalHolds", lambda c: list(c.agents.holds.list("planner-7", limit=5))),
    ("agents.holds.place", "placeLegalHold", lambda c: c.agents.holds.place("planner-7", reason="litigation")),
    ("agents.holds.release", "releaseLegalHold", lambda c: c.agents.holds.release("planner-7", "hld_1")),
    ("agents.otel_refusals", "listOtelRefusals", lambda c: c.agents.otel_refusals()),
    ("search", "search", lambda c: c.search("0xab")),
    ("overview.get", "getOverview", lambda c: c.overview.get()),
    ("overview.series", "getOverviewSeries", lambda c: c.overview.series(since=T0, until=T1)),
    ("overview.anchoring_status", "getAnchoringStatus", lambda c: c.overview.anchoring_status()),
    ("overview.anchoring_costs", "getAnchoringCosts", lambda c: c.overview.anchoring_costs(since=T0, until=T1)),
    ("webhooks.stats", "getWebhookStats", lambda c: c.webhooks.stats("whk_1", since=T0, until=T1)),
    ("agents.get", "getAgent", lambda c: c.agents.get("planner-7")),
    ("agents.export", "exportAgent", lambda c: list(c.agents.export("planner-7", from_sequence=2, to_sequence=9))),
    ("agents.evidence", "getAgentEvidence",
     lambda c: b"".join(c.agents.evidence("planner-7", from_=T0, to=T1))),
    ("webhooks.create", "createWebhook", lambda c: c.webhooks.create("https://r.example/h", ["context.failed"])),
    ("webhooks.list", "listWebhooks", lambda c: list(c.webhooks.list(limit=5))),
    ("webhooks.list (one health)", "listWebhooks", lambda c: list(c.webhooks.list(health="degraded"))),
    ("webhooks.get", "getWebhook", lambda c: c.webhooks.get("whk_1")),
    ("webhooks.update", "updateWebhook", lambda c: c.webhooks.update("whk_1", disabled=True)),
    ("webhooks.delete", "deleteWebhook", lambda c: c.webhooks.delete("whk_1")),
    ("webhooks.rotate_secret", "rotateWebhookSecret", lambda c: c.webhooks.rotate_secret("whk_1")),
    ("webhooks.test", "sendTestEvent", lambda c: c.webhooks.test("whk_1", "context.created")),
    ("webhooks.deliveries", "listWebhookDeliveries",
     lambda c: list(c.webhooks.deliveries("whk_1", status="failed", limit=5))),
    ("webhooks.delivery", "getWebhookDelivery", lambda c: c.webhooks.delivery("whk_1", "dlv_1")),
    ("webhooks.retry", "retryWebhookDelivery", lambda c: c.webhooks.retry("whk_1", "dlv_1")),
    ("webhooks.recover", "recoverWebhook", lambda c: c.webhooks.recover("whk_1", T0, T1)),
    ("events.list", "listEvents",
     lambda c: list(c.events.list(type="context.failed", created_after=T0, created_before=T1, limit=5))),
    ("events.get", "getEvent", lambda c: c.events.get("evt_1")),
    ("events.types", "listEventTypes", lambda c: c.events.types()),
    ("verifications.create", "createVerification", lambda c: c.verifications.create("ctx_1")),
    ("verifications.get", "getVerification", lambda c: c.verifications.get("vrf_1")),
    ("verifications.list", "listVerifications", lambda c: list(c.verifications.list(context_id="ctx_1", limit=5))),
    ("verifications.list (a window)", "listVerifications",
     lambda c: list(c.verifications.list(created_after=T0, created_before=T1))),
    ("signers.list", "listSigners", lambda c: list(c.signers.list(limit=5))),
]


def key_operations():
    doc = json.loads((ROOT / "apps" / "api" / "openapi.json").read_text(encoding="utf-8"))
    out = {}
    for route, item in doc["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "operationId" not in op or op["operationId"] in NOT_CLIENT_OPERATIONS:
                continue
            if not any("bearerAuth" in s for s in op.get("security", doc.get("security", []))):
                continue
            template = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(route))
            out[op["operationId"]] = {
                "method": method.upper(),
                "template": re.compile("^/v1%s$" % template),
                "query": sorted(p["name"] for p in op.get("parameters", []) if p["in"] == "query"),
            }
    return out


OPERATIONS = key_operations()


class _Recorder(BaseHTTPRequestHandler):
    requests = []  # (method, path, [query names])

    def _answer(self):
        length = int(self.headers.get("content-length") or 0)
        if length:
            self.rfile.read(length)
        url = urlsplit(self.path)
        query = [name for name, _ in parse_qsl(url.query)]
        self.requests.append((self.command, url.path, query))
        # one answer that fits every method: a page with a next one (once), a last erasure step
        body = {"data": [], "next_cursor": None if "cursor" in query else "n1", "erased": 0, "remaining": 0,
                "done": True}
        raw = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    do_GET = do_POST = do_PUT = do_DELETE = _answer

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def recorder():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    with Client("http://127.0.0.1:%d/v1" % server.server_address[1], "sk_routes") as client:
        def record(call):
            _Recorder.requests.clear()
            call(client)
            return list(_Recorder.requests)
        yield record
    server.shutdown()
    server.server_close()


def test_every_operation_a_key_may_call_has_a_method():
    assert len(OPERATIONS) > 20
    covered = {op for _, op, _ in CALLS}
    assert sorted(covered - set(OPERATIONS)) == []
    assert sorted(set(OPERATIONS) - covered) == NO_METHOD_YET


@pytest.mark.parametrize("name,operation_id,call", CALLS, ids=[c[0] for c in CALLS])
def test_the_request_is_the_documents(recorder, name, operation_id, call):
    op = OPERATIONS[operation_id]
    sent = recorder(call)
    assert sent, name
    for method, path, query in sent:
        assert method == op["method"]
        assert op["template"].match(path), (path, op["template"].pattern)
        assert [q for q in query if q not in op["query"]] == []


def test_every_documented_query_parameter_is_sent_by_a_method(recorder):
    sent = {}
    for _, operation_id, call in CALLS:
        for _, _, query in recorder(call):
            sent.setdefault(operation_id, set()).update(query)
    unsent = {}
    for operation_id, op in OPERATIONS.items():
        if operation_id in sent:
            missing = sorted(set(op["query"]) - sent[operation_id])
            if missing:
                unsent[operation_id] = missing
    assert unsent == NO_QUERY_PARAMETER_YET


def test_the_async_client_sends_the_same_requests(recorder):
    import asyncio

    from ctxlog import AsyncClient

    base = None

    def capture(c):
        nonlocal base
        base = c._http.base_url

    recorder(capture)

    async def run():
        async with AsyncClient(base, "sk_routes") as c:
            assert (await c.agents.erase_data("planner-7")) == {"erased": 0}
            await c.search("planner-7")
            await c.overview.series(since=T0)
            await c.webhooks.stats("whk_1")
            return [t async for t in c.agents.traces("planner-7")]

    _Recorder.requests.clear()
    assert asyncio.run(run()) == []
    assert [(m, p) for m, p, _ in _Recorder.requests] == [
        ("DELETE", "/v1/agents/planner-7/data"), ("GET", "/v1/search"), ("GET", "/v1/overview/series"),
        ("GET", "/v1/webhooks/whk_1/stats"), ("GET", "/v1/agents/planner-7/traces"),
        ("GET", "/v1/agents/planner-7/traces")]
