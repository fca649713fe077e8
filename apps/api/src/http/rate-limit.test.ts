// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { rollApiKey } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness({ PLAN_RATE_LIMITS: "free:3,pro:5", RATE_LIMIT_WINDOW_SECONDS: "2" });
  t = await h.tenant();
});
afterAll(() => h.close());

const status = (key: string) => h.request.get("/v1/status").set(bearer(key));

describe("rate limiting", () => {
  it("counts per user by plan, answers 429 with Retry-After, then recovers after the window", async () => {
    const first = await status(t.keys.full);
    expect(first.headers["ratelimit-limit"]).toBe("3");
    expect(first.headers["ratelimit-remaining"]).toBe("2");
    expect(first.body.rate_limit.requests_remaining).toBe(2);
    await status(t.keys.full);
    await status(t.keys.full);

    const limited = await status(t.keys.full);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");

    // The budget is the user's: their other keys are limited too.
    expect((await status(t.keys.read_only)).status).toBe(429);

    // Deliberate: the window must run out; polling would spend the budget it waits for.
    await new Promise((r) => setTimeout(r, Number(limited.headers["retry-after"]) * 1000 + 100));
    expect((await status(t.keys.full)).status).toBe(200);
  });

  it("two keys of one user share one budget, which GET /v1/status reports; another user is unaffected", async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    const first = await status(a.keys.full);
    expect(first.headers["ratelimit-remaining"]).toBe("2");
    const second = await status(a.keys.restricted);
    expect(second.headers["ratelimit-remaining"]).toBe("1");
    expect(second.body.rate_limit).toMatchObject({ limit: 3, requests_remaining: 1 });
    expect((await status(a.keys.public)).status).toBe(200);
    const limited = await status(a.keys.read_only);
    expect(limited.status).toBe(429);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");

    const other = await status(b.keys.full);
    expect(other.status).toBe(200);
    expect(other.body.rate_limit).toMatchObject({ limit: 3, requests_remaining: 2 });
  });

  it("a rolled key and its successor share the budget during the overlap", async () => {
    const c = await h.tenant();
    const rolled = await rollApiKey(h.db, c.keyIds.full, { overlapHours: 1 });
    await status(c.keys.full);
    await status(rolled.key);
    await status(c.keys.full);
    expect((await status(rolled.key)).status).toBe(429);
  });

  it("a limited request writes nothing", async () => {
    const tenant = await h.tenant();
    for (let i = 0; i < 3; i++) await status(tenant.keys.full);
    const before = await h.db.context.count();
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(tenant.keys.full))
      .send({ agent_id: "a", context_data: {} });
    expect(res.status).toBe(429);
    expect(await h.db.context.count()).toBe(before);
  });

  it("sizes the budget by the user's plan", async () => {
    const pro = await h.tenant({ plan: "pro" });
    const res = await status(pro.keys.full);
    expect(res.headers["ratelimit-limit"]).toBe("5");
    expect(res.body.plan).toBe("pro");
  });
});
