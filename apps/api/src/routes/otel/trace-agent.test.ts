// End to end: the real OpenTelemetry SDK (its protobuf exporter, configured by OTEL_* only) exports
// a travel agent's run to the real API on loopback (real PostgreSQL and Redis). The root span names
// the agent (gen_ai.agent.name), its children do not: every span of the trace is filed under the
// root's agent, whether the children come in the root's export or before it, in an export of their own.
import { execFile } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { MAX_HELD_SPANS_PER_USER } from "@ctxlog/db";
import { readContexts } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import { otlpJson } from "../../testing/otlp-fixtures";
import { releaseExpiredHeldSpans } from "./held-spans";

const RUN = path.join(__dirname, "..", "..", "testing", "otel-travel-run.js");

let h: TestHarness;
let server: Server;
let endpoint: string;
beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/otel`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

interface Run {
  traceId: string;
  results: { code: number; spans: number }[];
}

function runTravelAgent(mode: "together" | "children-first" | "orphans", key: string) {
  return new Promise<Run>((resolve, reject) => {
    execFile(
      process.execPath,
      [RUN, mode],
      {
        env: {
          PATH: process.env.PATH ?? "",
          OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
          OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${key}`,
          OTEL_SERVICE_NAME: "app",
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`agent run failed: ${stderr}`));
        else resolve(JSON.parse(stdout) as Run);
      },
    );
  });
}

/** The trace's written spans: name → agent_id, sorted by name. */
async function agentsOf(t: Tenant, traceId: string) {
  const spans = await h.db.otelSpan.findMany({ where: { userId: t.userId, traceId } });
  const rows = await readContexts(
    h.db,
    spans.map((s) => s.contextId),
  );
  return rows.map((r) => [(r.contextData as { name: string }).name, r.agentId]).sort();
}

const PLANNED = [
  ["chat gpt-4o", "app/travel-planner"],
  ["chat gpt-4o", "app/travel-planner"],
  ["execute_tool book_flight", "app/travel-planner"],
  ["invoke_agent travel-planner", "app/travel-planner"],
];

describe("a trace belongs to one agent", () => {
  it("children exported with their root inherit the root's agent", async () => {
    const t = await h.tenant();
    const run = await runTravelAgent("together", t.keys.full);
    expect(run.results).toEqual([{ code: 0, spans: 4 }]);
    expect(await agentsOf(t, run.traceId)).toEqual(PLANNED);
  });

  it("children exported before the root, in an export of their own, wait for it and inherit its agent", async () => {
    const t = await h.tenant();
    const run = await runTravelAgent("children-first", t.keys.full);
    expect(run.results).toEqual([
      { code: 0, spans: 3 },
      { code: 0, spans: 1 },
    ]);
    expect(await agentsOf(t, run.traceId)).toEqual(PLANNED);
    expect(await h.db.otelHeldSpan.count({ where: { userId: t.userId } })).toBe(0);
    // the agent's traces list one trace, its root the invoke_agent span
    const traces = await h.request.get("/v1/agents/app%2Ftravel-planner/traces").set(bearer(t.keys.full));
    expect(traces.body.data).toEqual([
      expect.objectContaining({ span_count: 4, root_span_name: "invoke_agent travel-planner" }),
    ]);
    expect((await h.request.get("/v1/agents/app/traces").set(bearer(t.keys.full))).status).toBe(404);
  });

  it("children whose root never comes are written under service.name once held too long", async () => {
    const t = await h.tenant();
    const run = await runTravelAgent("orphans", t.keys.full);
    expect(run.results).toEqual([{ code: 0, spans: 3 }]);
    expect(await agentsOf(t, run.traceId)).toEqual([]);
    expect(await h.db.otelHeldSpan.count({ where: { userId: t.userId } })).toBe(3);
    await releaseExpiredHeldSpans(h.deps, { olderThanSeconds: 0 });
    expect(await agentsOf(t, run.traceId)).toEqual([
      ["chat gpt-4o", "app"],
      ["chat gpt-4o", "app"],
      ["execute_tool book_flight", "app"],
    ]);
  });

  it("holds at most MAX_HELD_SPANS_PER_USER spans of a user: past it, a child is filed under its own agent", async () => {
    const t = await h.tenant();
    await h.db.$executeRaw`
      INSERT INTO otel_held_spans (user_id, trace_id, span_id, api_key_id, key_family_id, span)
      SELECT ${t.userId}, lpad(to_hex(n), 32, '0'), lpad(to_hex(n), 16, '0'), 'k', 'f', '{}'::jsonb
      FROM generate_series(1, ${MAX_HELD_SPANS_PER_USER}) AS n`;
    const traceId = "cd".repeat(16);
    const child = { traceId, spanId: "01".repeat(8), parentSpanId: "02".repeat(8), name: "chat" };
    const res = await h.request
      .post("/v1/otel/v1/traces")
      .set(bearer(t.keys.full))
      .send(otlpJson([child], { "service.name": "app" }));
    expect(res.body).toEqual({});
    expect(await agentsOf(t, traceId)).toEqual([["chat", "app"]]);
    await h.db.otelHeldSpan.deleteMany({ where: { userId: t.userId } });
  });

  it("a span naming its agent with ctxlog.agent_id keeps it; a restricted key's children are not held", async () => {
    const t = await h.tenant({ agents: ["app*"] });
    const traceId = "ab".repeat(16);
    const billing = { "ctxlog.agent_id": "app-billing" };
    const body = otlpJson(
      [
        { traceId, spanId: "01".repeat(8), parentSpanId: "02".repeat(8), name: "chat" },
        {
          traceId,
          spanId: "03".repeat(8),
          parentSpanId: "02".repeat(8),
          name: "billing",
          attributes: billing,
        },
      ],
      { "service.name": "app" },
    );
    const res = await h.request.post("/v1/otel/v1/traces").set(bearer(t.keys.restricted)).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await agentsOf(t, traceId)).toEqual([
      ["billing", "app-billing"],
      ["chat", "app"],
    ]);
  });
});
