// Integration: real PostgreSQL (fresh database) and Redis (own prefix). Spans refused at the OTLP
// endpoint are recorded per user and reason, and GET /v1/otel/refusals shows them with their fix.
import { randomBytes } from "node:crypto";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";
import { otlpJson, type TestSpan } from "../../testing/otlp-fixtures";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const roots = (n: number, attributes: TestSpan["attributes"] = {}): TestSpan[] =>
  Array.from({ length: n }, () => ({ traceId: hex(16), spanId: hex(8), attributes }));
const send = (key: string, body: object) => h.request.post("/v1/otel/v1/traces").set(bearer(key)).send(body);
const refusals = (key: string) => h.request.get("/v1/otel/refusals").set(bearer(key));

describe("GET /v1/otel/refusals", () => {
  it("counts refused spans per reason, upserted, with the latest sample, service and suggested id", async () => {
    const t = await h.tenant();
    expect((await refusals(t.keys.full)).body).toEqual({ window_hours: 24, data: [] });
    // OTEL_SERVICE_NAME="travel bot": every span refused, the exporter told only partial_success
    const first = await send(t.keys.full, otlpJson(roots(5), { "service.name": "travel bot" }));
    expect(first.body.partialSuccess.rejectedSpans).toBe("5");
    await send(t.keys.full, otlpJson(roots(2), { "service.name": "travel bot" }));
    // a written span is not a refusal
    expect((await send(t.keys.full, otlpJson(roots(1), { "service.name": "fine" }))).body).toEqual({});

    const res = await refusals(t.keys.read_only);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        reason: "agent_id",
        spans: 7,
        last_at: expect.any(String),
        sample: expect.stringMatching(
          /"travel bot" \(from resource attribute service.name\) is not a valid agent_id/,
        ),
        service_name: "travel bot",
        suggested_agent_id: "travel-bot",
        fix: expect.stringMatching(/ctxlog\.agent_id/),
      },
    ]);
    // bounded: one row per reason and hour
    expect(await h.db.otelRefusal.count({ where: { userId: t.userId } })).toBe(1);
  });

  it("records a restricted key's spans for an agent it may not write as `context`, and only for its user", async () => {
    const t = await h.tenant({ agents: ["allowed-*"] });
    const other = await h.tenant();
    const res = await send(t.keys.restricted, otlpJson(roots(3, { "ctxlog.agent_id": "billing" })));
    expect(res.body.partialSuccess.rejectedSpans).toBe("3");
    const mine = await refusals(t.keys.full);
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        reason: "context",
        spans: 3,
        sample: "This key may not create contexts for agent billing.",
        service_name: "svc",
        suggested_agent_id: null,
      }),
    ]);
    expect((await refusals(other.keys.full)).body.data).toEqual([]);
    // the account's aggregates: a public key may not read them
    expect((await refusals(t.keys.public)).status).toBe(403);
    expect((await h.request.get("/v1/otel/refusals")).status).toBe(401);
  });

  it("keeps a user's rows of the last day only", async () => {
    const t = await h.tenant();
    await h.db.otelRefusal.create({
      data: {
        userId: t.userId,
        reason: "json",
        hour: new Date(Date.now() - 30 * 3_600_000),
        spans: 4,
        lastAt: new Date(Date.now() - 30 * 3_600_000),
        sample: "old",
      },
    });
    expect((await refusals(t.keys.full)).body.data).toEqual([]);
    await send(t.keys.full, otlpJson(roots(1), {}));
    // the next refusal deleted the old row
    const rows = await h.db.otelRefusal.findMany({ where: { userId: t.userId } });
    expect(rows.map((r) => r.reason)).toEqual(["agent_id"]);
  });
});
