// Integration: real PostgreSQL (fresh database) and Redis (own prefix). An agent's traces, read
// from spans sent to the OTLP endpoint, and the agents list's activity range.
import { randomBytes } from "node:crypto";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import { otlpJson, type TestSpan } from "../../testing/otlp-fixtures";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;
beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
  stranger = await h.tenant();
});
afterAll(() => h.close());

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const get = (key: string, path: string) => h.request.get(path).set(bearer(key));

/** One export of `spans` for `agent`, each span starting `startMs` after the epoch second 1764201600. */
async function send(key: string, agent: string, spans: (TestSpan & { startMs: number; error?: boolean })[]) {
  const body = otlpJson(spans.map((s) => ({ ...s, attributes: { "ctxlog.agent_id": agent } })));
  const sent = body.resourceSpans[0]?.scopeSpans[0]?.spans as Record<string, unknown>[];
  spans.forEach((s, i) => {
    const start = 1_764_201_600_000n + BigInt(s.startMs);
    Object.assign(sent[i] as object, {
      startTimeUnixNano: String(start * 1_000_000n),
      endTimeUnixNano: String((start + 100n) * 1_000_000n),
      status: { code: s.error ? 2 : 1 },
    });
  });
  const res = await h.request.post("/v1/otel/v1/traces").set(bearer(key)).send(body);
  expect(res.status).toBe(200);
  expect(res.body.partialSuccess ?? {}).toEqual({});
}

describe("GET /v1/agents/:agent_id/traces", () => {
  const older = hex(16);
  const newer = hex(16);
  const root = hex(8);
  beforeAll(async () => {
    // the older trace: invoke_agent → chat (error) → execute_tool, sent children first
    const child = hex(8);
    await send(owner.keys.full, "tracer-1", [
      { traceId: older, spanId: hex(8), parentSpanId: child, name: "execute_tool", startMs: 30 },
      { traceId: older, spanId: child, parentSpanId: root, name: "chat", startMs: 10, error: true },
      { traceId: older, spanId: root, name: "invoke_agent", startMs: 0 },
    ]);
    await send(owner.keys.full, "tracer-1", [{ traceId: newer, spanId: hex(8), name: "chat", startMs: 500 }]);
    // another agent's span in the same trace, and another user's trace under the same agent name
    await send(owner.keys.full, "tracer-2", [
      { traceId: older, spanId: hex(8), parentSpanId: root, name: "other", startMs: 5 },
    ]);
    await send(stranger.keys.full, "tracer-1", [
      { traceId: hex(16), spanId: hex(8), name: "theirs", startMs: 0 },
    ]);
  });

  it("lists the agent's traces newest first, with root span, span count, times and errors", async () => {
    const res = await get(owner.keys.read_only, "/v1/agents/tracer-1/traces");
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { trace_id: string }) => t.trace_id)).toEqual([newer, older]);
    const rootSpan = await h.db.otelSpan.findFirstOrThrow({ where: { userId: owner.userId, spanId: root } });
    expect(res.body.data[1]).toEqual({
      trace_id: older,
      span_count: 3, // tracer-2's span of the trace is not tracer-1's
      error_spans: 1,
      root_span_name: "invoke_agent",
      root_context_id: rootSpan.contextId,
      start_time_unix_nano: "1764201600000000000",
      end_time_unix_nano: "1764201600130000000",
      first_received_at: expect.any(String),
      last_received_at: expect.any(String),
      models: [],
      input_tokens: null,
      output_tokens: null,
    });
    expect(res.body.data[0]).toMatchObject({ span_count: 1, error_spans: 0, root_span_name: "chat" });
  });

  it("pages with a cursor of its own", async () => {
    const first = await get(owner.keys.full, "/v1/agents/tracer-1/traces?limit=1");
    expect(first.body.data.map((t: { trace_id: string }) => t.trace_id)).toEqual([newer]);
    const second = await get(
      owner.keys.full,
      `/v1/agents/tracer-1/traces?limit=1&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toEqual({ data: [expect.objectContaining({ trace_id: older })], next_cursor: null });
    // a contexts cursor is not a trace position
    const contexts = await get(owner.keys.full, "/v1/contexts?limit=1");
    for (const q of [`cursor=${contexts.body.next_cursor}`, "cursor=nope", "limit=0", "limit=101", "foo=1"]) {
      const bad = await get(owner.keys.full, `/v1/agents/tracer-1/traces?${q}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await get(owner.keys.full, "/v1/agents/bad%20agent/traces")).status).toBe(400);
  });

  it("shows another user nothing of them, and a key only the spans it may read", async () => {
    const theirs = await get(stranger.keys.full, "/v1/agents/tracer-1/traces");
    expect(theirs.body.data).toEqual([expect.objectContaining({ root_span_name: "theirs", span_count: 1 })]);
    // another user's agent is a 404, as on GET /v1/agents/:agent_id
    const hidden = await get(stranger.keys.full, "/v1/agents/tracer-2/traces");
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe("NOT_FOUND");
    // spans are private contexts: a public key reads none, and the agent is not there for it
    expect((await get(owner.keys.public, "/v1/agents/tracer-1/traces")).status).toBe(404);
    // an agent without spans has none
    await h.request
      .post("/v1/contexts")
      .set(bearer(owner.keys.full))
      .send({ agent_id: "plain", context_data: {} });
    expect((await get(owner.keys.full, "/v1/agents/plain/traces")).body).toEqual({
      data: [],
      next_cursor: null,
    });
    expect((await h.request.get("/v1/agents/tracer-1/traces")).status).toBe(401);
  });
});

describe("a restricted key's traces", () => {
  it("are those of the spans its key family sent, while a full key reads every trace of the agent", async () => {
    const t = await h.tenant();
    const mine = hex(16);
    const theirs = hex(16);
    await send(t.keys.restricted, "agent-traced", [
      { traceId: mine, spanId: hex(8), name: "mine", startMs: 0 },
    ]);
    await send(t.keys.full, "agent-traced", [
      { traceId: theirs, spanId: hex(8), name: "theirs", startMs: 0 },
    ]);
    const names = async (key: string) =>
      (await get(key, "/v1/agents/agent-traced/traces")).body.data.map(
        (trace: { root_span_name: string }) => trace.root_span_name,
      );
    expect(await names(t.keys.restricted)).toEqual(["mine"]);
    expect(await names(t.keys.full)).toEqual(["theirs", "mine"]);
  });
});

describe("a trace's models and token totals", () => {
  it("reads gen_ai.*, OpenInference and the AI SDK, counting each model call once", async () => {
    const t = await h.tenant();
    const traceId = hex(16);
    const [root, outer, inner1, inner2, legacy, oi] = [1, 2, 3, 4, 5, 6].map(() => hex(8)) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const span = (spanId: string, parentSpanId: string | undefined, attributes: TestSpan["attributes"]) => ({
      traceId,
      spanId,
      ...(parentSpanId ? { parentSpanId } : {}),
      name: spanId,
      attributes: { "ctxlog.agent_id": "usage-agent", ...attributes },
    });
    const body = otlpJson([
      // an agent span summing its calls (newer GenAI conventions allow it): not counted again
      span(root, undefined, { "gen_ai.operation.name": "invoke_agent", "gen_ai.usage.input_tokens": 1000 }),
      // the AI SDK: ai.generateText repeats the usage of its two ai.generateText.doGenerate steps
      span(outer, root, {
        "ai.operationId": "ai.generateText",
        "ai.model.id": "gpt-4o-mini",
        "ai.usage.promptTokens": 30,
        "ai.usage.completionTokens": 12,
      }),
      span(inner1, outer, {
        "ai.operationId": "ai.generateText.doGenerate",
        "ai.model.id": "gpt-4o-mini",
        "ai.usage.promptTokens": 10,
        "ai.usage.completionTokens": 5,
      }),
      span(inner2, outer, {
        "ai.operationId": "ai.generateText.doGenerate",
        "ai.response.model": "gpt-4o-mini-2024",
        "ai.usage.inputTokens": 20,
        "ai.usage.outputTokens": 7,
      }),
      // GenAI before 1.27, and OpenInference
      span(legacy, root, {
        "gen_ai.request.model": "gpt-4",
        "gen_ai.usage.prompt_tokens": 100,
        "gen_ai.usage.completion_tokens": 40,
      }),
      span(oi, root, {
        "llm.model_name": "claude-3-5-sonnet",
        "llm.token_count.prompt": 7,
        "llm.token_count.completion": 3,
      }),
    ]);
    const sent = await h.request.post("/v1/otel/v1/traces").set(bearer(t.keys.full)).send(body);
    expect(sent.body).toEqual({});
    const res = await get(t.keys.read_only, "/v1/agents/usage-agent/traces");
    expect(res.body.data).toEqual([
      expect.objectContaining({
        span_count: 6,
        models: ["gpt-4o-mini", "gpt-4o-mini-2024", "gpt-4", "claude-3-5-sonnet"],
        input_tokens: 10 + 20 + 100 + 7,
        output_tokens: 5 + 7 + 40 + 3,
      }),
    ]);
  });
});

describe("GET /v1/agents?active_after=&active_before=", () => {
  it("lists only the logs with an entry received in the window, counts unchanged", async () => {
    const t = await h.tenant();
    const post = (agent_id: string) =>
      h.request
        .post("/v1/contexts")
        .set(bearer(t.keys.full))
        .send({ agent_id, context_data: { n: 1 } });
    await post("early");
    await post("both");
    await new Promise((r) => setTimeout(r, 5)); // ids are time-ordered to the millisecond
    const cut = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await post("both");
    await post("late");
    const agents = async (q: string) => {
      const res = await get(t.keys.read_only, `/v1/agents?${q}`);
      expect(res.status).toBe(200);
      return res.body.data.map((l: { agent_id: string; counts: { pending: number } }) => [
        l.agent_id,
        l.counts.pending,
      ]);
    };
    expect(await agents(`active_after=${cut}`)).toEqual([
      ["both", 2],
      ["late", 1],
    ]);
    expect(await agents(`active_before=${cut}`)).toEqual([
      ["both", 2],
      ["early", 1],
    ]);
    expect(await agents("active_after=2000-01-01T00:00:00Z&active_before=2000-01-02T00:00:00Z")).toEqual([]);
    expect(await agents(`active_after=${cut}&limit=1`)).toEqual([["both", 2]]);
    // another user's logs are not in anyone's window
    expect((await get(stranger.keys.full, `/v1/agents?active_after=${cut}`)).body.data).toEqual([]);
    const bad = await get(t.keys.full, "/v1/agents?active_after=soon");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
  });
});
