// Integration: every operation of the route table driven the ways the outside reviewer's generated
// client drove them — no key, malformed ids, bodies that are not JSON, too large or of the wrong
// type, a spent rate limit, Redis down — through the harness's validating agent, so each answer
// must be a status, body and headers the document declares for that operation.

import { v1Routes } from "../routes";
import { createTestHarness, type Tenant, type TestHarness } from "../testing/harness";

let h: TestHarness;
let t: Tenant;
let sessionHeaders: Record<string, string>;

beforeAll(async () => {
  h = await createTestHarness({ PLAN_RATE_LIMITS: "free:600,tiny:1", RATE_LIMIT_WINDOW_SECONDS: "30" });
  t = await h.tenant();
  const s = await h.session(t.userId);
  sessionHeaders = { Cookie: s.cookie, ...s.csrfHeader };
});

/** The credentials a route takes: a full key, or (dashboard-only routes) a session. */
const credentials = (route: (typeof v1Routes)[number]): Record<string, string> =>
  route.auth === "session" ? sessionHeaders : { Authorization: `Bearer ${t.keys.full}` };
/** A well-formed body for the routes that take no credentials (else they stop at validation). */
const SIGN_IN_BODIES: Record<string, object> = {
  "/auth/sign-in": { email: "nobody@example.test", password: "a password long enough" },
  "/auth/setup": { token: "A".repeat(43), password: "a password long enough" },
};
afterAll(() => h.close());

const pathOf = (template: string, id: string) => `/v1${template.replace(/:[A-Za-z_]+/g, id)}`;
const call = (method: string, path: string) => h.request[method as "get" | "post" | "put" | "delete"](path);

describe.each(v1Routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))("%s", (_, route) => {
  const path = pathOf(route.path, "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F");

  it("without a key: a declared 401 (sign-in and setup: without a body, a declared 400)", async () => {
    // the transparency log's public reads (keyWhen) answer anyone: here an empty log's 404
    const expected = route.keyWhen ? 404 : route.auth === "none" ? 400 : 401;
    expect((await call(route.method, path)).status).toBe(expected);
  });

  if (route.path.includes(":")) {
    it("with a malformed id: a declared 400 or 404", async () => {
      const res = await call(route.method, pathOf(route.path, "%00")).set(credentials(route));
      expect([400, 404]).toContain(res.status);
    });
  }

  if (route.method === "post" || route.method === "put") {
    const auth = () => credentials(route);
    it("with a body that is not JSON: a declared 415", async () => {
      const res = await call(route.method, path).set(auth()).set("Content-Type", "text/plain").send("hello");
      expect(res.status).toBe(415);
    });
    it("with malformed JSON: a declared 400 INVALID_JSON", async () => {
      const res = await call(route.method, path)
        .set(auth())
        .set("Content-Type", "application/json")
        .send("{");
      expect(res.body.error.code).toBe("INVALID_JSON");
    });
    it("with a body over its limit (300 KiB, a batch 5 MiB): a declared 413", async () => {
      const res = await call(route.method, path)
        .set(auth())
        .send({ pad: "x".repeat((route.maxBodyBytes ?? 300 * 1024) + 10 * 1024) });
      expect(res.status).toBe(413);
    });
  }
});

it("a spent rate limit: a declared 429 with Retry-After", async () => {
  const tiny = await h.tenant({ plan: "tiny" });
  await h.request.get("/v1/status").set("Authorization", `Bearer ${tiny.keys.full}`);
  const res = await h.request.get("/v1/contexts").set("Authorization", `Bearer ${tiny.keys.full}`);
  expect(res.status).toBe(429);
});

it("POST /v1/webhooks/:id/test works without a body, as the document says", async () => {
  const created = await h.request
    .post("/v1/webhooks")
    .set("Authorization", `Bearer ${t.keys.full}`)
    .send({ url: "https://example.com/hook", events: ["context.created"] });
  expect(created.status).toBe(201);
  const res = await h.request
    .post(`/v1/webhooks/${created.body.webhook_id}/test`)
    .set("Authorization", `Bearer ${t.keys.full}`);
  expect(res.status).toBe(202);
});

it("Redis down: a declared 503 with Retry-After on every operation", async () => {
  const down = await createTestHarness({ REDIS_URL: "redis://127.0.0.1:1" });
  try {
    const tenant = await down.tenant();
    // the transparency log's public reads (keyWhen) use neither Redis nor a rate limit: they answer
    for (const route of v1Routes.filter((r) => !r.keyWhen)) {
      const res = await down.request[route.method](pathOf(route.path, "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F"))
        .set("Authorization", `Bearer ${tenant.keys.full}`)
        .send(SIGN_IN_BODIES[route.path]);
      expect([route.path, res.status]).toEqual([route.path, 503]);
    }
  } finally {
    await down.close();
  }
});
