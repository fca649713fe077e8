// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). DELETE
// /v1/contexts/:id/data and DELETE /v1/agents/:agent_id/data: who may erase, what the record then
// shows, what stays (hashes, signature, log link), idempotent replays and repeated erasures.
import { randomBytes } from "node:crypto";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
  stranger = await h.tenant();
});
afterAll(() => h.close());

async function create(key: string, agent = "agent-erase", headers: Record<string, string> = {}) {
  const marker = `marker-${randomBytes(8).toString("hex")}`;
  const res = await h.request
    .post("/v1/contexts")
    .set({ ...bearer(key), ...headers })
    .send({ agent_id: agent, context_data: { note: marker }, metadata: { who: marker } });
  expect(res.status).toBe(202);
  return { id: res.body.context_id as string, marker, body: res.body };
}

const erase = (key: string, id: string) => h.request.delete(`/v1/contexts/${id}/data`).set(bearer(key));

describe("DELETE /v1/contexts/:id/data", () => {
  it("erases data and metadata, keeps hashes, signature and log link; a second call changes nothing", async () => {
    const { id, body: created } = await create(owner.keys.full);
    const res = await erase(owner.keys.full, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      context_id: id,
      context_data: null,
      metadata: null,
      context_hash: created.context_hash,
      signature: created.signature,
      sequence: created.sequence,
      prev_entry_hash: created.prev_entry_hash,
      entry_hash: created.entry_hash,
    });
    expect(Date.parse(res.body.data_erased_at)).not.toBeNaN();

    const read = await h.request.get(`/v1/contexts/${id}`).set(bearer(owner.keys.read_only));
    expect(read.body).toMatchObject({
      context_data: null,
      metadata: null,
      data_erased_at: res.body.data_erased_at,
    });
    const row = await h.db.context.findUniqueOrThrow({ where: { id } });
    expect(row.dataErasedBy).toBe(`key:${owner.keyIds.full}`);
    expect(row.canonicalData).toBeNull();

    const again = await erase(owner.keys.full, id);
    expect(again.status).toBe(200);
    expect(again.body.data_erased_at).toBe(res.body.data_erased_at);
    expect(await h.db.outboxEvent.count({ where: { contextId: id, event: "context.erased" } })).toBe(1);
  });

  it("refuses read-only, public and restricted keys (403) and hides another user's context (404)", async () => {
    const { id } = await create(owner.keys.full);
    for (const type of ["read_only", "public", "restricted"] as const) {
      const res = await erase(owner.keys[type], id);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("INSUFFICIENT_PERMISSIONS");
    }
    const res = await erase(stranger.keys.full, id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect((await h.db.context.findUniqueOrThrow({ where: { id } })).canonicalData).not.toBeNull();
    const missing = await erase(owner.keys.full, "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F");
    expect(missing.status).toBe(404);
  });

  it("an Idempotency-Key of the creation keeps no trace of the data: a replay is refused, nothing is logged twice", async () => {
    const key = `idem-${randomBytes(6).toString("hex")}`;
    const { id, marker } = await create(owner.keys.full, "agent-erase", { "Idempotency-Key": key });
    expect((await erase(owner.keys.full, id)).status).toBe(200);
    const logged = () => h.db.context.count({ where: { agentId: "agent-erase", userId: owner.userId } });
    const before = await logged();
    const replay = await h.request
      .post("/v1/contexts")
      .set({ ...bearer(owner.keys.full), "Idempotency-Key": key })
      .send({ agent_id: "agent-erase", context_data: { note: marker }, metadata: { who: marker } });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe("CONFLICT");
    expect(JSON.stringify(replay.body)).not.toContain(marker);
    const stored = await h.db.idempotencyKey.findFirstOrThrow({ where: { key } });
    expect(stored.responseBody).not.toContain(marker);
    expect(stored.requestHash).toHaveLength(0); // no hash: no request's SHA-256 matches it
    expect(await logged()).toBe(before); // nothing logged twice
  });

  it("a dashboard session may erase (and is recorded as its account)", async () => {
    const { id } = await create(owner.keys.full);
    const s = await h.session(owner.userId);
    const res = await s.agent.delete(`/v1/contexts/${id}/data`).set(s.csrfHeader);
    expect(res.status).toBe(200);
    expect((await h.db.context.findUniqueOrThrow({ where: { id } })).dataErasedBy).toBe(
      `account:${s.accountId}`,
    );
  });
});

describe("DELETE /v1/agents/:agent_id/data", () => {
  it("erases every context of the agent, answers the progress, and 404s for another user", async () => {
    const agent = `agent-bulk-${randomBytes(3).toString("hex")}`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(owner.keys.full, agent)).id);
    const keep = await create(owner.keys.full, "agent-other");

    for (const type of ["read_only", "public", "restricted"] as const) {
      expect((await h.request.delete(`/v1/agents/${agent}/data`).set(bearer(owner.keys[type]))).status).toBe(
        403,
      );
    }
    expect((await h.request.delete(`/v1/agents/${agent}/data`).set(bearer(stranger.keys.full))).status).toBe(
      404,
    );

    const res = await h.request.delete(`/v1/agents/${agent}/data`).set(bearer(owner.keys.full));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ agent_id: agent, erased: 3, remaining: 0, done: true });
    const rows = await h.db.context.findMany({ where: { id: { in: ids } } });
    expect(rows.every((r) => r.dataErasedAt !== null && r.canonicalData === null)).toBe(true);
    expect((await h.db.context.findUniqueOrThrow({ where: { id: keep.id } })).dataErasedAt).toBeNull();

    const again = await h.request.delete(`/v1/agents/${agent}/data`).set(bearer(owner.keys.full));
    expect(again.body).toEqual({ agent_id: agent, erased: 0, remaining: 0, done: true });
  });
});
