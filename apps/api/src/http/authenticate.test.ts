// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { generateApiKey } from "@ctxlog/core";
import { createApiKey, revokeApiKey, rollApiKey } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

const status = (headers: Record<string, string> = {}) => h.request.get("/v1/status").set(headers);

describe("authentication", () => {
  it.each([
    ["no Authorization header", {}],
    ["an empty bearer", { Authorization: "Bearer " }],
    ["the Basic scheme", { Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }],
    ["two spaces and a malformed key", { Authorization: "Bearer  sk_x" }],
    ["a malformed key", bearer("sk_short")],
    ["an unknown prefix", bearer(`xk_${"a".repeat(32)}`)],
    ["a well-formed key nobody issued", bearer(generateApiKey("full").key)],
    ["a key with trailing junk", { Authorization: `Bearer ${"sk_".padEnd(35, "a")} extra` }],
  ])("%s → 401 INVALID_API_KEY", async (_name, headers) => {
    const res = await status(headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_API_KEY");
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  // RFC 9110 §11.1: the authentication scheme is case-insensitive (RFC 6750: one or more spaces).
  it.each([["bearer "], ["BEARER "], ["BeArEr "], ["Bearer   "]])(
    "accepts the scheme spelled %j",
    async (scheme) => {
      const res = await status({ Authorization: `${scheme}${t.keys.full}` });
      expect(res.status).toBe(200);
      expect(res.body.key.key_id).toBe(t.keyIds.full);
    },
  );

  it("a revoked key is refused at once", async () => {
    const { key, record } = await createApiKey(h.db, { userId: t.userId, type: "full" });
    expect((await status(bearer(key))).status).toBe(200);
    await revokeApiKey(h.db, record.id);
    const res = await status(bearer(key));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_API_KEY");
  });

  it("an expired key is refused", async () => {
    const { key } = await createApiKey(h.db, {
      userId: t.userId,
      type: "full",
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await status(bearer(key))).status).toBe(401);
  });

  it("a rolled key keeps working during the overlap, and the new one works", async () => {
    const { key, record } = await createApiKey(h.db, { userId: t.userId, type: "read_only" });
    const rolled = await rollApiKey(h.db, record.id, { overlapHours: 1 });
    expect((await status(bearer(key))).status).toBe(200);
    const res = await status(bearer(rolled.key));
    expect(res.status).toBe(200);
    expect(res.body.key).toEqual({ key_id: rolled.record.id, type: "read_only" });
  });

  it("a key rolled with no overlap stops at once", async () => {
    const { key, record } = await createApiKey(h.db, { userId: t.userId, type: "full" });
    await rollApiKey(h.db, record.id, { overlapHours: 0 });
    expect((await status(bearer(key))).status).toBe(401);
  });

  it("stores only the SHA-256 of a key, never the key", async () => {
    const rows = await h.db.$queryRawUnsafe<Record<string, unknown>[]>("SELECT * FROM api_keys");
    const dump = JSON.stringify(rows);
    for (const key of Object.values(t.keys)) expect(dump).not.toContain(key);
  });
});

describe("GET /v1/status", () => {
  it.each(["full", "read_only", "public", "restricted"] as const)("answers for a %s key", async (type) => {
    const res = await status(bearer(t.keys[type]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "authenticated",
      user_id: t.userId,
      plan: "free",
      key: { key_id: t.keyIds[type], type },
      rate_limit: { limit: 600 },
    });
    expect(res.body.rate_limit.requests_remaining).toBeLessThan(600);
    expect(Date.parse(res.body.rate_limit.reset_time)).toBeGreaterThan(Date.now());
  });
});
