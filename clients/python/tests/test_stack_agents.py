"""The agents group, the trace filter, search, the overview and webhook stats against the real API
(test/e2e/python)."""

import asyncio
import json
import os
import time
from datetime import datetime, timedelta, timezone

import httpx
import pytest

from ctxlog import AsyncClient
from ctxlog.models import AgentLog, AgentTrace, AnchoringStatus, Overview, SearchResult, WebhookStats

pytestmark = pytest.mark.stack
AGENT = "py-agents"
OTEL_AGENT = "py-agents-otel"


@pytest.fixture(scope="module")
def logged(stack, tenant):
    from ctxlog import Client

    with Client(stack["base_url"], tenant["keys"]["full"]) as c:
        return [ctx.context_id for ctx in c.contexts.create_many(
            [{"agent_id": AGENT, "context_data": {"n": n}} for n in range(3)])]


def send_trace(stack, key):
    """Two spans of one trace, as an OpenTelemetry exporter sends them (OTLP/JSON)."""
    trace_id, root, child = os.urandom(16).hex(), os.urandom(8).hex(), os.urandom(8).hex()
    t0 = time.time_ns()

    def span(span_id, name, parent=None):
        out = {"traceId": trace_id, "spanId": span_id, "name": name, "kind": 1, "startTimeUnixNano": str(t0),
               "endTimeUnixNano": str(t0 + 1_000_000), "status": {"code": 1}}
        if parent:
            out["parentSpanId"] = parent
        return out

    body = {"resourceSpans": [{
        "resource": {"attributes": [{"key": "ctxlog.agent_id", "value": {"stringValue": OTEL_AGENT}}]},
        "scopeSpans": [{"scope": {"name": "py-test"}, "spans": [span(root, "invoke_agent"), span(child, "chat", root)]}],
    }]}
    response = httpx.post(stack["base_url"] + "/otel/v1/traces", json=body,
                          headers={"Authorization": "Bearer %s" % key}, timeout=30)
    assert response.status_code == 200, response.text
    return trace_id


def test_an_agents_log_its_list_and_its_export(client, logged):
    log = client.agents.get(AGENT)
    assert isinstance(log, AgentLog)
    assert (log.head_sequence, log.counts) == (3, {"pending": 3, "confirmed": 0, "failed": 0})
    assert AGENT in [a.agent_id for a in client.agents.list(limit=1)]
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    assert list(client.agents.list(active_after=later)) == []
    lines = list(client.agents.export(AGENT))
    assert [json.loads(line)["context_id"] for line in lines] == logged
    assert list(client.agents.export(AGENT, from_sequence=2)) == lines[1:]


def test_an_agents_traces_and_the_contexts_of_one_trace(client, stack, tenant):
    trace_id = send_trace(stack, tenant["keys"]["full"])
    traces = list(client.agents.traces(OTEL_AGENT))
    assert [(t.trace_id, t.span_count, t.error_spans) for t in traces] == [(trace_id, 2, 0)]
    assert isinstance(traces[0], AgentTrace)
    spans = list(client.contexts.list(trace_id=trace_id))
    assert [c.agent_id for c in spans] == [OTEL_AGENT, OTEL_AGENT]
    assert traces[0].root_context_id in [c.context_id for c in spans]
    assert list(client.contexts.list(trace_id=os.urandom(16).hex())) == []


def test_search_by_id_and_by_agent(client, logged):
    found = client.search(logged[0])
    assert isinstance(found, SearchResult)
    assert found.results == [
        {"kind": "context", "id": logged[0], "matched": "context_id", "webhook_id": None, "context_id": None}
    ]
    assert {"kind": "agent", "id": AGENT} in [{"kind": r["kind"], "id": r["id"]} for r in client.search(AGENT).results]


def test_the_overview_and_its_series_with_a_read_only_key(stack, tenant, logged):
    async def run():
        async with AsyncClient(stack["base_url"], tenant["keys"]["read_only"]) as c:
            since = datetime.now(timezone.utc) - timedelta(hours=1)
            return await c.overview.get(), await c.overview.series(since=since), await c.overview.anchoring_status()

    overview, series, anchoring = asyncio.run(run())
    assert isinstance(overview, Overview) and len(overview.contexts_per_minute) == 60
    # the overview's anchoring alone, as its own model in both
    assert isinstance(anchoring, AnchoringStatus) and isinstance(overview.anchoring, AnchoringStatus)
    assert anchoring.state == overview.anchoring.state and anchoring.threshold_seconds > 0
    assert overview.contexts_by_status["pending"] >= 3
    assert sum(p["received"] for p in series.points) == sum(overview.contexts_by_status.values())


def test_a_webhooks_stats(client):
    webhook = client.webhooks.create("https://receiver.example.com/h", ["context.failed"])
    stats = client.webhooks.stats(webhook.webhook_id)
    assert isinstance(stats, WebhookStats) and stats.webhook_id == webhook.webhook_id
    assert sum(b["attempts"] for b in stats.buckets) == 0


def test_erase_an_agents_data_through_the_agents_group(client, logged):
    assert client.agents.erase_data(AGENT) == {"erased": 3}
    assert client.contexts.get(logged[0]).context_data is None
    assert client.agents.erase_data(AGENT) == {"erased": 0}
