// Integration: real PostgreSQL and Redis; every response is held to the OpenAPI document.
// A dashboard session acts as a full key of its user on every existing route.
import { bearer, createTestHarness, type TestHarness } from "../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ WEBHOOK_ALLOW_INSECURE_URLS: "true", PLAN_RATE_LIMITS: "free:600,tiny:5" });
});
afterAll(() => h.close());

const context = { agent_id: "agent-7", context_data: { task: "session" } };

describe("a dashboard session", () => {
  it("creates, lists and reads contexts, and sees those of the user's keys", async () => {
    const t = await h.tenant();
    const s = await h.session(t.userId);
    const byKey = await h.request.post("/v1/contexts").set(bearer(t.keys.full)).send(context);
    const bySession = await s.agent.post("/v1/contexts").set(s.csrfHeader).send(context);
    expect(bySession.status).toBe(202);
    const list = await s.agent.get("/v1/contexts");
    expect(list.body.data.map((c: { context_id: string }) => c.context_id).sort()).toEqual(
      [byKey.body.context_id, bySession.body.context_id].sort(),
    );
    expect((await s.agent.get(`/v1/contexts/${byKey.body.context_id}`)).status).toBe(200);
    // and the user's restricted key does not read the session's context (another key family)
    const restricted = await h.request
      .get(`/v1/contexts/${bySession.body.context_id}`)
      .set(bearer(t.keys.restricted));
    expect(restricted.status).toBe(404);
    const status = await s.agent.get("/v1/status");
    expect(status.body).toMatchObject({ user_id: t.userId, key: { type: "full" } });
  });

  it("replays Idempotency-Key answers across the account's sessions, not across accounts", async () => {
    const t = await h.tenant();
    const s = await h.session(t.userId, { password: "a long enough password" });
    const first = await s.agent
      .post("/v1/contexts")
      .set(s.csrfHeader)
      .set("Idempotency-Key", "k-1")
      .send(context);
    const again = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: s.email, password: "a long enough password" });
    const cookie = String(again.headers["set-cookie"]?.[0]).split(";")[0] ?? "";
    const replay = await h.request
      .post("/v1/contexts")
      .set("Cookie", cookie)
      .set("X-CSRF-Token", again.body.csrf_token)
      .set("Idempotency-Key", "k-1")
      .send(context);
    expect(replay.status).toBe(202);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body.context_id).toBe(first.body.context_id);
    const colleague = await h.session(t.userId);
    const own = await colleague.agent
      .post("/v1/contexts")
      .set(colleague.csrfHeader)
      .set("Idempotency-Key", "k-1")
      .send(context);
    expect(own.body.context_id).not.toBe(first.body.context_id);
  });

  it("manages webhooks and verifies", async () => {
    const s = await h.session(`usr-sess-wh-${Date.now()}`);
    const hook = await s.agent
      .post("/v1/webhooks")
      .set(s.csrfHeader)
      .send({ url: "http://receiver.example/hooks", events: ["context.created"] });
    expect(hook.status).toBe(201);
    expect((await s.agent.get(`/v1/webhooks/${hook.body.webhook_id}`)).status).toBe(200);
    expect((await s.agent.delete(`/v1/webhooks/${hook.body.webhook_id}`).set(s.csrfHeader)).status).toBe(200);
  });

  it("of another user gets 404 for this user's contexts, webhooks and keys", async () => {
    const t = await h.tenant();
    const s = await h.session(t.userId);
    const other = await h.session(`usr-sess-other-${Date.now()}`);
    const ctx = await s.agent.post("/v1/contexts").set(s.csrfHeader).send(context);
    const hook = await s.agent
      .post("/v1/webhooks")
      .set(s.csrfHeader)
      .send({ url: "http://receiver.example/hooks", events: ["context.created"] });
    const reads = [
      other.agent.get(`/v1/contexts/${ctx.body.context_id}`),
      other.agent.get(`/v1/contexts/${ctx.body.context_id}/proof`),
      other.agent.post(`/v1/contexts/${ctx.body.context_id}/retry`).set(other.csrfHeader),
      other.agent.get(`/v1/webhooks/${hook.body.webhook_id}`),
      other.agent.get(`/v1/webhooks/${hook.body.webhook_id}/deliveries`),
      other.agent
        .put(`/v1/webhooks/${hook.body.webhook_id}`)
        .set(other.csrfHeader)
        .send({ description: "x" }),
      other.agent.delete(`/v1/webhooks/${hook.body.webhook_id}`).set(other.csrfHeader),
      other.agent.post(`/v1/keys/${t.keyIds.full}/revoke`).set(other.csrfHeader),
    ];
    for (const res of await Promise.all(reads))
      expect([res.status, res.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    expect((await other.agent.get("/v1/contexts")).body.data).toEqual([]);
    expect((await other.agent.get("/v1/webhooks")).body.data).toEqual([]);
    expect((await s.agent.get(`/v1/webhooks/${hook.body.webhook_id}`)).body.description).toBe("");
  });

  it("draws on the user's rate limit, shared with the user's keys", async () => {
    const t = await h.tenant({ plan: "tiny" });
    const s = await h.session(t.userId);
    for (let i = 0; i < 3; i++)
      expect((await h.request.get("/v1/status").set(bearer(t.keys.full))).status).toBe(200);
    const a = await s.agent.get("/v1/contexts");
    expect(a.status).toBe(200);
    expect(a.headers["ratelimit-remaining"]).toBe("1");
    expect((await s.agent.get("/v1/contexts")).status).toBe(200);
    const limited = await s.agent.get("/v1/contexts");
    expect(limited.status).toBe(429);
  });
});
