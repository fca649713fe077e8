// Integration: real PostgreSQL (fresh database) and Redis (own prefix); OTLP bodies in both encodings.

import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { readContext, readContexts } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import {
  decodeTraceResponse,
  gzip,
  otlpJson,
  otlpProtobuf,
  type TestSpan,
} from "../../testing/otlp-fixtures";

let h: TestHarness;
let t: Tenant;
const logLines: string[] = [];

beforeAll(async () => {
  h = await createTestHarness(
    { PLAN_RATE_LIMITS: "free:6000,small:5", RATE_LIMIT_WINDOW_SECONDS: "60", LOG_LEVEL: "info" },
    {
      logTo: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  );
  t = await h.tenant({ agents: ["agent-*"] });
});
afterAll(() => h.close());

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const spans = (n: number, attributes: TestSpan["attributes"] = {}): TestSpan[] => {
  const traceId = hex(16);
  return Array.from({ length: n }, () => ({ traceId, spanId: hex(8), attributes }));
};
const PATH = "/v1/otel/v1/traces";

/** supertest collects a binary body into a Buffer only when told to; JSON (errors) stays parsed */
const binary = (
  res: NodeJS.ReadableStream & { headers: Record<string, string | undefined> },
  done: (err: Error | null, body: unknown) => void,
) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => {
    const body = Buffer.concat(chunks);
    done(null, /json/.test(res.headers["content-type"] ?? "") ? JSON.parse(body.toString()) : body);
  });
};

const postJson = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  h.request
    .post(PATH)
    .set(bearer(key))
    .set({ "Content-Type": "application/json", ...headers })
    // superagent would JSON-encode a Buffer (a gzipped body) sent as application/json
    .serialize((raw: unknown) => raw as string)
    .send((typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body)) as string);
const postProto = (key: string, body: Buffer, headers: Record<string, string> = {}) =>
  h.request
    .post(PATH)
    .set(bearer(key))
    .set({ "Content-Type": "application/x-protobuf", ...headers })
    .buffer(true)
    // typed for superagent's own Response; at run time the parser gets the IncomingMessage
    .parse(binary as never)
    .send(body);

// a trace's contexts, through otel_spans (their metadata is inside the stored canonical JSON)
const contextsOf = async (traceId: string) => {
  const spans = await h.db.otelSpan.findMany({ where: { userId: t.userId, traceId } });
  return readContexts(
    h.db,
    spans.map((s) => s.contextId),
  );
};

describe("POST /v1/otel/v1/traces", () => {
  it("writes one context per span, in one write with one anchoring job, answering {} in JSON", async () => {
    const sent = spans(3, { "ctxlog.agent_id": "agent-json" });
    const res = await postJson(t.keys.full, otlpJson(sent));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const rows = await contextsOf(sent[0]?.traceId ?? "");
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.agentId).toBe("agent-json");
      expect(row.metadata).toEqual({ trace_id: sent[0]?.traceId, span_id: expect.any(String) });
      expect(row.contextData).toMatchObject({
        trace_id: sent[0]?.traceId,
        kind: "client",
        status: { code: "ok" },
      });
    }
    const ids = rows.map((r) => r.id).sort();
    const job = await h.deps.queues.queue("anchorContexts").getJob(ids[0] as string);
    const named = (job?.data as { contextIds: string[] } | undefined)?.contextIds ?? [];
    expect([...named].sort()).toEqual(ids);
  });

  it("hashes a span the same whether it came as protobuf or as JSON", async () => {
    const [span] = spans(1, { "ctxlog.agent_id": "agent-both", n: 7, x: 0.25, ok: true });
    if (!span) throw new Error("no span");
    const viaProto = await postProto(t.keys.full, otlpProtobuf([span]));
    expect(viaProto.status).toBe(200);
    expect(viaProto.headers["content-type"]).toMatch(/^application\/x-protobuf/);
    expect(decodeTraceResponse(viaProto.body)).toEqual({});
    const [stored] = await contextsOf(span.traceId);
    // the same span from another user, as JSON: its own context, with the same hash
    const other = await h.tenant();
    expect((await postJson(other.keys.full, otlpJson([span]))).status).toBe(200);
    const again = await readContext(
      h.db,
      (await h.db.context.findFirstOrThrow({ where: { userId: other.userId } })).id,
    );
    expect(again.contextHash).toBe(stored?.contextHash);
    expect(again.canonicalJson).toBe(stored?.canonicalJson);
  });

  it("writes nothing for a span sent again, in either encoding, and answers as for the first time", async () => {
    const sent = spans(4, { "ctxlog.agent_id": "agent-again" });
    expect((await postProto(t.keys.full, otlpProtobuf(sent))).status).toBe(200);
    const before = await h.db.context.count({ where: { userId: t.userId } });
    const resent = await postProto(t.keys.full, otlpProtobuf(sent));
    expect(resent.status).toBe(200);
    expect(decodeTraceResponse(resent.body)).toEqual({});
    // the same spans and a new one, as JSON, twice at once: only the new span is written, once
    const more = [...sent, ...spans(1, { "ctxlog.agent_id": "agent-again" })];
    const both = await Promise.all([
      postJson(t.keys.full, otlpJson(more)),
      postJson(t.keys.full, otlpJson(more)),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await h.db.context.count({ where: { userId: t.userId } })).toBe(before + 1);
  });

  it("lists a trace's spans with GET /v1/contexts?trace_id=", async () => {
    const sent = spans(3, { "ctxlog.agent_id": "agent-list" });
    await postJson(t.keys.full, otlpJson(sent));
    await postJson(t.keys.full, otlpJson(spans(2, { "ctxlog.agent_id": "agent-list" })));
    const traceId = sent[0]?.traceId ?? "";
    const page1 = await h.request
      .get(`/v1/contexts?trace_id=${traceId.toUpperCase()}&limit=2`)
      .set(bearer(t.keys.read_only));
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(2);
    const page2 = await h.request
      .get(`/v1/contexts?trace_id=${traceId}&limit=2&cursor=${page1.body.next_cursor}`)
      .set(bearer(t.keys.read_only));
    const listed = [...page1.body.data, ...page2.body.data].map(
      (c: { metadata: { span_id: string } }) => c.metadata.span_id,
    );
    expect(listed.sort()).toEqual(sent.map((s) => s.spanId).sort());
    const other = await h.tenant();
    const hidden = await h.request.get(`/v1/contexts?trace_id=${traceId}`).set(bearer(other.keys.full));
    expect(hidden.body.data).toEqual([]);
    expect((await h.request.get("/v1/contexts?trace_id=xyz").set(bearer(t.keys.full))).status).toBe(400);
  });

  it("derives agent_id from the resource, gen_ai attributes or service.name", async () => {
    // three roots of three traces (the spans of one trace share one agent: trace-agent.test.ts)
    const sent: TestSpan[] = [
      { traceId: hex(16), spanId: hex(8), attributes: { "gen_ai.agent.id": "agent-gid" } },
      { traceId: hex(16), spanId: hex(8), attributes: { "gen_ai.agent.name": "planner" } },
      { traceId: hex(16), spanId: hex(8) },
    ];
    const res = await postJson(t.keys.full, otlpJson(sent, { "service.name": "agent-svc" }));
    expect(res.body).toEqual({});
    const agents = await Promise.all(sent.map(async (s) => (await contextsOf(s.traceId))[0]?.agentId));
    expect(agents).toEqual(["agent-gid", "agent-svc/planner", "agent-svc"]);
    const viaResource = spans(1);
    await postJson(
      t.keys.full,
      otlpJson(viaResource, { "service.name": "x", "ctxlog.agent_id": "agent-res" }),
    );
    expect((await contextsOf(viaResource[0]?.traceId ?? ""))[0]?.agentId).toBe("agent-res");
  });

  it("lists refused spans in partial_success and writes the others, and says so in a log line and a metric", async () => {
    const rejectedSoFar = async (reason: string) => {
      const metric = await h.deps.metrics.registry.getSingleMetric("ctxlog_otel_spans_rejected_total")?.get();
      return metric?.values.find((v) => v.labels.reason === reason)?.value ?? 0;
    };
    const before = { agentId: await rejectedSoFar("agent_id"), context: await rejectedSoFar("context") };
    const traceId = hex(16);
    const sent: TestSpan[] = [
      { traceId, spanId: hex(8), attributes: { "ctxlog.agent_id": "agent-ok" } },
      { traceId, spanId: hex(8), attributes: { "ctxlog.agent_id": "Not Valid" } },
      {
        traceId,
        spanId: hex(8),
        attributes: { "ctxlog.agent_id": "agent-big", big: "x".repeat(300 * 1024) },
      },
    ];
    const res = await postJson(t.keys.full, otlpJson(sent, {}));
    expect(res.status).toBe(200);
    expect(res.body.partialSuccess.rejectedSpans).toBe("2");
    expect(res.body.partialSuccess.errorMessage).toMatch(/not a valid agent_id/);
    expect(res.body.partialSuccess.errorMessage).toMatch(/limit/);
    expect((await contextsOf(traceId)).map((r) => r.agentId)).toEqual(["agent-ok"]);
    const none = await postJson(t.keys.full, otlpJson(spans(2), {}));
    expect(none.body.partialSuccess).toEqual({
      rejectedSpans: "2",
      errorMessage: expect.stringMatching(/no agent id/),
    });
    expect(await rejectedSoFar("agent_id")).toBe(before.agentId + 3);
    expect(await rejectedSoFar("context")).toBe(before.context + 1);
    const logged = logLines.map((line) => JSON.parse(line)).filter((l) => l.msg === "OTLP spans refused");
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        rejectedSpans: 2,
        rejectedBy: { agent_id: 1, context: 1 },
        reasons: expect.stringMatching(/not a valid agent_id/),
      }),
    );
  });

  it("says how to make an agent id valid", async () => {
    const res = await postJson(t.keys.full, otlpJson(spans(1), { "service.name": "travel bot" }));
    expect(res.body.partialSuccess.errorMessage).toMatch(/set ctxlog\.agent_id, e\.g\. "travel-bot"/);
  });

  it("refuses every span of a restricted key's other agents in partial_success (200)", async () => {
    const sent = spans(3, { "ctxlog.agent_id": "other-agent" });
    const res = await postProto(t.keys.restricted, otlpProtobuf(sent));
    expect(res.status).toBe(200);
    const decoded = decodeTraceResponse(res.body) as {
      partialSuccess: { rejectedSpans: string; errorMessage: string };
    };
    expect(decoded.partialSuccess.rejectedSpans).toBe("3");
    expect(decoded.partialSuccess.errorMessage).toMatch(/may not create contexts for agent other-agent/);
    expect(await contextsOf(sent[0]?.traceId ?? "")).toEqual([]);
    const allowed = spans(1, { "ctxlog.agent_id": "agent-mine" });
    expect((await postProto(t.keys.restricted, otlpProtobuf(allowed))).status).toBe(200);
    expect(await contextsOf(allowed[0]?.traceId ?? "")).toHaveLength(1);
  });

  it("takes gzip in both encodings", async () => {
    const a = spans(2, { "ctxlog.agent_id": "agent-gz" });
    const b = spans(2, { "ctxlog.agent_id": "agent-gz" });
    const proto = await postProto(t.keys.full, gzip(otlpProtobuf(a)), { "Content-Encoding": "gzip" });
    const json = await postJson(t.keys.full, gzip(JSON.stringify(otlpJson(b))), {
      "Content-Encoding": "gzip",
    });
    expect([proto.status, json.status, json.body]).toEqual([200, 200, {}]);
    expect(await contextsOf(a[0]?.traceId ?? "")).toHaveLength(2);
    expect(await contextsOf(b[0]?.traceId ?? "")).toHaveLength(2);
  });

  it("answers 400 to a body that does not decode, 401 to a wrong key, 403 to a read-only key, 415 to another type", async () => {
    const good = otlpProtobuf(spans(1, { "ctxlog.agent_id": "agent-x" }));
    const corrupted = Buffer.concat([good.subarray(0, good.length - 7), Buffer.from([0xff, 0xff, 0xff])]);
    const bad = await postProto(t.keys.full, corrupted);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    expect((await postJson(t.keys.full, "{not json")).body.error.code).toBe("INVALID_JSON");
    expect((await postJson(t.keys.full, { resourceSpans: "no" })).status).toBe(400);
    expect((await postProto(`${t.keys.full}x`, good)).status).toBe(401);
    expect((await postProto(t.keys.read_only, good)).status).toBe(403);
    expect((await postProto(t.keys.public, good)).status).toBe(403);
    const text = await h.request
      .post(PATH)
      .set(bearer(t.keys.full))
      .set("Content-Type", "text/plain")
      .send("x");
    expect(text.status).toBe(415);
  });

  it("answers 413 above 1000 spans, and costs one rate-limit unit per span (429 writes nothing)", async () => {
    const tooMany = await postJson(t.keys.full, otlpJson(spans(1001, { "ctxlog.agent_id": "agent-many" })));
    expect(tooMany.status).toBe(413);
    const small = await h.tenant({ plan: "small" });
    const sent = spans(6, { "ctxlog.agent_id": "agent-rl" });
    const limited = await postJson(small.keys.full, otlpJson(sent));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await h.db.context.count({ where: { userId: small.userId } })).toBe(0);
    expect((await postJson(small.keys.full, otlpJson(sent.slice(0, 4)))).status).toBe(200);
    expect(await h.db.context.count({ where: { userId: small.userId } })).toBe(4);
    // four units spent of five, each export charged once for its spans: two more do not fit, one does
    const two = await postJson(small.keys.full, otlpJson(spans(2, { "ctxlog.agent_id": "agent-rl" })));
    expect(two.status).toBe(429);
    expect(two.headers["ratelimit-remaining"] ?? two.headers["x-ratelimit-remaining"]).toBe("1");
    expect((await postJson(small.keys.full, otlpJson(sent.slice(4, 5)))).status).toBe(200);
    expect((await postJson(small.keys.full, otlpJson(sent.slice(5, 6)))).status).toBe(429);
  });
});

describe("POST /v1/otel/v1/traces when the writer refuses", () => {
  let small: TestHarness;
  beforeAll(async () => {
    small = await createTestHarness({ CONTEXT_WRITE_QUEUE_MAX: "5" });
  });
  afterAll(() => small.close());

  it("answers 503 with Retry-After, writes nothing and releases its claims, so a retry can write", async () => {
    const tenant = await small.tenant();
    const sent = spans(6, { "ctxlog.agent_id": "agent-busy" });
    const post = (body: TestSpan[]) =>
      small.request
        .post(PATH)
        .set(bearer(tenant.keys.full))
        .set("Content-Type", "application/json")
        .send(JSON.stringify(otlpJson(body)));
    const refused = await post(sent);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(await small.db.context.count({ where: { userId: tenant.userId } })).toBe(0);
    expect(await small.db.otelSpan.count({ where: { userId: tenant.userId } })).toBe(0);
    // the exporter's retry, in pieces that fit: every span is written
    expect((await post(sent.slice(0, 3))).status).toBe(200);
    expect((await post(sent.slice(3))).status).toBe(200);
    expect(await small.db.context.count({ where: { userId: tenant.userId } })).toBe(6);
  });
});
