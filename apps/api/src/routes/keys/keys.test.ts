// Integration: real PostgreSQL and Redis; every response is held to the OpenAPI document. The auth
// cache is ON here (unlike other API tests): a revocation must reach it.
import { subscribeKeyRevocations } from "@ctxlog/jobs";
import { bearer, createTestHarness, REDIS_URL, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ AUTH_CACHE_TTL_MS: "600000" });
});
afterAll(() => h.close());

const context = { agent_id: "agent-1", context_data: { task: "keys" } };

async function waitFor(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("/v1/keys (dashboard sessions)", () => {
  it("creates a key shown once; it works on the API; later responses never show it", async () => {
    const s = await h.session(`usr-keys-${Date.now()}`);
    const created = await s.agent
      .post("/v1/keys")
      .set(s.csrfHeader)
      .send({ type: "full", name: "ci deploys", expires_in_days: 30 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: "full", name: "ci deploys", status: "active", plan: "free" });
    expect(created.body.key).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    expect(created.body.display_prefix).toBe(created.body.key.slice(0, 7));
    expect(created.headers["cache-control"]).toBe("no-store");

    const posted = await h.request.post("/v1/contexts").set(bearer(created.body.key)).send(context);
    expect(posted.status).toBe(202);

    const list = await s.agent.get("/v1/keys");
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { key_id: string }) => k.key_id)).toEqual([created.body.key_id]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    expect(list.body.data[0]).not.toHaveProperty("key");
    await waitFor(async () => (await s.agent.get("/v1/keys")).body.data[0].last_used_at !== null);
  });

  it("creates restricted keys only with agent patterns, and patterns only for restricted keys", async () => {
    const s = await h.session(`usr-keys-r-${Date.now()}`);
    const missing = await s.agent.post("/v1/keys").set(s.csrfHeader).send({ type: "restricted" });
    expect(missing.status).toBe(400);
    const extra = await s.agent
      .post("/v1/keys")
      .set(s.csrfHeader)
      .send({ type: "full", agent_patterns: ["a-*"] });
    expect(extra.status).toBe(400);
    const ok = await s.agent
      .post("/v1/keys")
      .set(s.csrfHeader)
      .send({ type: "restricted", agent_patterns: ["agent-*"] });
    expect(ok.status).toBe(201);
    expect(ok.body.key).toMatch(/^sk_r_/);
    expect(ok.body.agent_patterns).toEqual(["agent-*"]);
    const days = await s.agent
      .post("/v1/keys")
      .set(s.csrfHeader)
      .send({ type: "public", expires_in_days: 0 });
    expect(days.status).toBe(400);
  });

  it("revoke: the key is refused at once, even though the auth cache held it; other processes are told", async () => {
    const heard: string[] = [];
    const otherProcess = subscribeKeyRevocations(REDIS_URL, h.prefix, {
      onRevoked: (id) => heard.push(id),
      onGap: () => {},
    });
    await waitFor(async () => otherProcess.live);
    const s = await h.session(`usr-keys-rv-${Date.now()}`);
    const { body: created } = await s.agent.post("/v1/keys").set(s.csrfHeader).send({ type: "read_only" });
    expect((await h.request.get("/v1/status").set(bearer(created.key))).status).toBe(200); // now cached
    expect(h.deps.authCache.size).toBeGreaterThan(0);
    const revoked = await s.agent.post(`/v1/keys/${created.key_id}/revoke`).set(s.csrfHeader);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ key_id: created.key_id, status: "revoked" });
    expect(revoked.body.revoked_at).not.toBeNull();
    expect(revoked.body).not.toHaveProperty("key");
    const refused = await h.request.get("/v1/status").set(bearer(created.key));
    expect(refused.status).toBe(401);
    const byStatus = await s.agent.get("/v1/keys?status=revoked");
    expect(byStatus.body.data.map((k: { key_id: string }) => k.key_id)).toEqual([created.key_id]);
    expect((await s.agent.get("/v1/keys?status=active")).body.data).toEqual([]);
    await waitFor(async () => heard.includes(created.key_id));
    await otherProcess.close();
  });

  it("a roll never widens the key: the new one keeps its type, expiry, agent patterns, plan and name", async () => {
    const s = await h.session(`usr-keys-roll-keep-${Date.now()}`);
    const { body: first } = await s.agent
      .post("/v1/keys")
      .set(s.csrfHeader)
      .send({ type: "restricted", name: "ci", agent_patterns: ["ci-*"], expires_in_days: 3 });
    expect(first.expires_at).not.toBeNull();
    const rolled = await s.agent
      .post(`/v1/keys/${first.key_id}/roll`)
      .set(s.csrfHeader)
      .send({ overlap_hours: 1 });
    expect(rolled.status).toBe(201);
    const kept = ({ type, name, agent_patterns, plan, expires_at }: Record<string, unknown>) => ({
      type,
      name,
      agent_patterns,
      plan,
      expires_at,
    });
    expect(kept(rolled.body)).toEqual(kept(first));
    // and as the API reads it back, not only as the roll answered
    const list = await s.agent.get("/v1/keys?status=active");
    const listed = list.body.data.find((k: { key_id: string }) => k.key_id === rolled.body.key_id);
    expect(kept(listed)).toEqual(kept(first));
    // the old key's overlap ends before its own expiry, never after
    expect(new Date(rolled.body.previous.expires_at).getTime()).toBeLessThan(
      new Date(first.expires_at).getTime(),
    );
  });

  it("roll with an overlap: both keys work, the new one shown once; roll with 0: the old one stops", async () => {
    const s = await h.session(`usr-keys-roll-${Date.now()}`);
    const { body: first } = await s.agent
      .post("/v1/keys")
      .set(s.csrfHeader)
      .send({ type: "full", name: "svc" });
    expect((await h.request.get("/v1/status").set(bearer(first.key))).status).toBe(200);
    const rolled = await s.agent
      .post(`/v1/keys/${first.key_id}/roll`)
      .set(s.csrfHeader)
      .send({ overlap_hours: 2 });
    expect(rolled.status).toBe(201);
    expect(rolled.body.key).toMatch(/^sk_/);
    expect(rolled.body.name).toBe("svc");
    expect(rolled.body.previous.key_id).toBe(first.key_id);
    const hours = (new Date(rolled.body.previous.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    expect((await h.request.get("/v1/status").set(bearer(first.key))).status).toBe(200);
    expect((await h.request.get("/v1/status").set(bearer(rolled.body.key))).status).toBe(200);

    const again = await s.agent
      .post(`/v1/keys/${rolled.body.key_id}/roll`)
      .set(s.csrfHeader)
      .send({ overlap_hours: 0 });
    expect(again.status).toBe(201);
    expect((await h.request.get("/v1/status").set(bearer(rolled.body.key))).status).toBe(401);
    expect((await h.request.get("/v1/status").set(bearer(again.body.key))).status).toBe(200);
    // the default overlap is 24 h, with no body at all
    const third = await s.agent.post(`/v1/keys/${again.body.key_id}/roll`).set(s.csrfHeader);
    expect(third.status).toBe(201);
    const revoked = await s.agent.post(`/v1/keys/${first.key_id}/revoke`).set(s.csrfHeader);
    expect(revoked.status).toBe(200);
    const cannot = await s.agent.post(`/v1/keys/${first.key_id}/roll`).set(s.csrfHeader);
    expect(cannot.status).toBe(409);
  });

  it("another user's session gets 404 for this user's keys; malformed ids are 404 too", async () => {
    const t = await h.tenant();
    const mine = await h.session(t.userId);
    const theirs = await h.session(`usr-keys-other-${Date.now()}`);
    for (const action of ["revoke", "roll"]) {
      const res = await theirs.agent.post(`/v1/keys/${t.keyIds.full}/${action}`).set(theirs.csrfHeader);
      expect(res.status).toBe(404);
    }
    expect((await theirs.agent.get("/v1/keys")).body.data).toEqual([]);
    expect((await mine.agent.post("/v1/keys/nope/revoke").set(mine.csrfHeader)).status).toBe(404);
    // the account's own key (what its sessions act as) is nobody's to revoke
    const accountKey = await h.db.apiKey.findUniqueOrThrow({ where: { accountId: mine.accountId } });
    expect((await mine.agent.post(`/v1/keys/${accountKey.id}/revoke`).set(mine.csrfHeader)).status).toBe(404);
    expect(
      (await mine.agent.get("/v1/keys")).body.data.map((k: { key_id: string }) => k.key_id),
    ).not.toContain(accountKey.id);
    const full = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
    expect(full.revokedAt).toBeNull();
  });

  it("pages with a cursor", async () => {
    const s = await h.session(`usr-keys-page-${Date.now()}`);
    for (let i = 0; i < 3; i++) await s.agent.post("/v1/keys").set(s.csrfHeader).send({ type: "public" });
    const first = await s.agent.get("/v1/keys?limit=2");
    expect(first.body.data).toHaveLength(2);
    const second = await s.agent.get(`/v1/keys?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    expect((await s.agent.get("/v1/keys?cursor=bogus")).status).toBe(400);
  });
});
