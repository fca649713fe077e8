// Integration: the client's agents group, the trace filter, search, the overview and webhook stats
// against the real API (real PostgreSQL and Redis via the API's test harness), on an ephemeral port.
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AgentLog, CtxlogClient } from "@ctxlog/sdk";
import { createTestHarness, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";

let h: TestHarness;
let server: Server;
let baseUrl: string;
let t: Tenant;
let client: CtxlogClient;
const AGENT = "sdk-agents";
const OTEL_AGENT = "sdk-agents-otel";
const contextIds: string[] = [];

beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await h.tenant();
  client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
  const created = await client.contexts.createMany(
    [1, 2, 3].map((n) => ({ agent_id: AGENT, context_data: { n } })),
  );
  contextIds.push(...created.map((c) => c.context_id));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

/** Two spans of one trace, as an OpenTelemetry exporter sends them (OTLP/JSON). */
async function sendTrace(): Promise<string> {
  const traceId = randomBytes(16).toString("hex");
  const [root, child] = [randomBytes(8).toString("hex"), randomBytes(8).toString("hex")];
  const t0 = BigInt(Date.now()) * 1_000_000n;
  const span = (spanId: string, name: string, parent?: string) => ({
    traceId,
    spanId,
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 1,
    startTimeUnixNano: String(t0),
    endTimeUnixNano: String(t0 + 1_000_000n),
    status: { code: 1 },
  });
  const res = await fetch(`${baseUrl}/otel/v1/traces`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.keys.full}`, "content-type": "application/json" },
    body: JSON.stringify({
      resourceSpans: [
        {
          resource: { attributes: [{ key: "ctxlog.agent_id", value: { stringValue: OTEL_AGENT } }] },
          scopeSpans: [
            { scope: { name: "sdk-test" }, spans: [span(root, "invoke_agent"), span(child, "chat", root)] },
          ],
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
  return traceId;
}

it("reads an agent's log, lists the agents, and exports the log as NDJSON lines", async () => {
  const log = await client.agents.get(AGENT);
  expect(log).toMatchObject({
    agent_id: AGENT,
    head_sequence: 3,
    counts: { pending: 3, confirmed: 0, failed: 0 },
  });

  const all: AgentLog[] = [];
  for await (const a of client.agents.listAll({ limit: 1 })) all.push(a);
  expect(all.map((a) => a.agent_id)).toContain(AGENT);
  const later = new Date(Date.now() + 3_600_000).toISOString();
  expect((await client.agents.list({ active_after: later })).data).toEqual([]);

  const lines: string[] = [];
  for await (const line of client.agents.export(AGENT)) lines.push(line);
  expect(lines.map((l) => JSON.parse(l).sequence)).toEqual([1, 2, 3]);
  expect(lines.map((l) => JSON.parse(l).context_id)).toEqual(contextIds);
  const tail: string[] = [];
  for await (const line of client.agents.export(AGENT, { from_sequence: 2 })) tail.push(line);
  expect(tail).toEqual(lines.slice(1));
});

it("lists an agent's traces, and the contexts of one trace", async () => {
  const traceId = await sendTrace();
  const traces = await client.agents.traces(OTEL_AGENT);
  expect(traces.data).toHaveLength(1);
  expect(traces.data[0]).toMatchObject({ trace_id: traceId, span_count: 2, error_spans: 0 });
  const spans = await client.contexts.list({ trace_id: traceId });
  expect(spans.data.map((c) => c.agent_id)).toEqual([OTEL_AGENT, OTEL_AGENT]);
  expect(spans.data.map((c) => c.context_id)).toContain(traces.data[0]?.root_context_id);
  expect((await client.contexts.list({ trace_id: randomBytes(16).toString("hex") })).data).toEqual([]);
});

it("searches by id and by agent_id", async () => {
  const id = contextIds[0] as string;
  expect((await client.search(id)).results).toEqual([
    { kind: "context", id, matched: "context_id", webhook_id: null, context_id: null },
  ]);
  expect((await client.search(AGENT)).results).toContainEqual(
    expect.objectContaining({ kind: "agent", id: AGENT, matched: "agent_id" }),
  );
});

it("reads the overview and its series, with a read-only key too", async () => {
  const readOnly = new CtxlogClient({ baseUrl, apiKey: t.keys.read_only });
  const overview = await readOnly.overview.get();
  const counts = overview.contexts_by_status;
  const total = counts.pending + counts.confirmed + counts.failed;
  expect(counts.pending).toBeGreaterThanOrEqual(3);
  expect(overview.contexts_per_minute).toHaveLength(60);
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const series = await readOnly.overview.series({ since });
  expect(series.since).toBe(since);
  expect(series.points.reduce((sum, p) => sum + p.received, 0)).toBe(total);
  // the overview's anchoring alone, the small read the console's header polls
  const anchoring = await readOnly.overview.anchoringStatus();
  expect(anchoring.state).toBe(overview.anchoring.state);
  expect(anchoring.threshold_seconds).toBeGreaterThan(0);
});

it("reads a webhook's stats", async () => {
  const webhook = await client.webhooks.create({
    url: "https://receiver.example.com/h",
    events: ["context.failed"],
  });
  const stats = await client.webhooks.stats(webhook.webhook_id);
  expect(stats.webhook_id).toBe(webhook.webhook_id);
  expect(stats.buckets.reduce((sum, b) => sum + b.attempts, 0)).toBe(0);
});

it("erases an agent's data through the agents group", async () => {
  expect(await client.agents.eraseData(AGENT)).toEqual({ erased: 3 });
  const erased = await client.contexts.get(contextIds[0] as string);
  expect(erased.context_data).toBeNull();
  expect(erased.data_erased_at).toEqual(expect.any(String));
  expect(await client.agents.eraseData(AGENT)).toEqual({ erased: 0 });
});
