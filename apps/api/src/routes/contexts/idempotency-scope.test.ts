// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { createApiKey, rollApiKey } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let t: Tenant;
beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant({ agents: ["agent-*"] });
});
afterAll(() => h.close());

const post = (key: string, idempotencyKey: string, body: object) =>
  h.request.post("/v1/contexts").set(bearer(key)).set("Idempotency-Key", idempotencyKey).send(body);

describe("Idempotency-Key is scoped to the key family", () => {
  const body = { agent_id: "agent-scope", context_data: { secret: "only the full key's" } };
  let original: { status: number; text: string; body: { context_id: string } };
  let successor: string;

  beforeAll(async () => {
    original = await post(t.keys.full, "K", body);
    expect(original.status).toBe(202);
  });

  it("a restricted key of the same user replaying K and the body gets a fresh context of its own", async () => {
    const res = await post(t.keys.restricted, "K", body);
    expect(res.status).toBe(202);
    expect(res.headers["idempotent-replayed"]).toBeUndefined();
    expect(res.body.context_id).not.toBe(original.body.context_id);
    // It reads what it created, and still not the full key's context.
    const own = await h.request.get(`/v1/contexts/${res.body.context_id}`).set(bearer(t.keys.restricted));
    expect(own.status).toBe(200);
    const theirs = await h.request
      .get(`/v1/contexts/${original.body.context_id}`)
      .set(bearer(t.keys.restricted));
    expect(theirs.status).toBe(404);
  });

  it("another full key of the same user (another family) gets its own context too", async () => {
    const second = await createApiKey(h.db, { userId: t.userId, type: "full" });
    const res = await post(second.key, "K", body);
    expect(res.status).toBe(202);
    expect(res.headers["idempotent-replayed"]).toBeUndefined();
    expect(res.body.context_id).not.toBe(original.body.context_id);
    // ...and its own replays keep working within its family.
    const again = await post(second.key, "K", body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.context_id).toBe(res.body.context_id);
  });

  it("the rolled successor of the first key replays the original answer", async () => {
    successor = (await rollApiKey(h.db, t.keyIds.full, { overlapHours: 1 })).key;
    const res = await post(successor, "K", body);
    expect(res.status).toBe(202);
    expect(res.headers["idempotent-replayed"]).toBe("true");
    expect(res.text).toBe(original.text);
  });

  it("the successor with K and another body is a 409, as the first key would get", async () => {
    const res = await post(successor, "K", { ...body, context_data: { other: true } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("CONFLICT");
  });
});
