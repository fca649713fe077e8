// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). The webhook endpoints:
// create, list, read, update, delete — happy paths, bad input, key types and tenant isolation.
import { openSecret } from "@ctxlog/core";
import type { Webhook } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let t: Tenant;
let stranger: Tenant;

/** The row's secret, decrypted (it is stored sealed). */
const storedSecret = (row: Webhook) =>
  openSecret(h.deps.secretsKeyring, { value: row.secret, keyId: row.secretKeyId }, row.id);

beforeAll(async () => {
  h = await createTestHarness({ WEBHOOK_MAX_PER_USER: "3" });
  t = await h.tenant();
  stranger = await h.tenant();
});
afterAll(() => h.close());

const create = (key: string, body: unknown) =>
  h.request
    .post("/v1/webhooks")
    .set(bearer(key))
    .send(body as object);
const valid = { url: "https://example.com/hooks/ctxlog", events: ["context.created", "context.failed"] };
const countRows = () => h.db.webhook.count();

async function freshTenantWebhook(body: object = valid) {
  const tenant = await h.tenant();
  const res = await create(tenant.keys.full, body);
  expect(res.status).toBe(201);
  return { tenant, webhook: res.body };
}

describe("POST /v1/webhooks (PostgreSQL + Redis)", () => {
  it("answers 201 with the webhook and a generated 256-bit secret, shown only here", async () => {
    const { tenant, webhook } = await freshTenantWebhook({ ...valid, description: "billing" });
    expect(webhook).toMatchObject({
      url: valid.url,
      events: valid.events,
      description: "billing",
      status: "active",
      previous_secret_expires_at: null,
    });
    expect(webhook.webhook_id).toMatch(/^whk_[0-9A-Z]{26}$/);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(webhook.secret.slice(6), "base64")).toHaveLength(32);
    expect(new Date(webhook.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: webhook.webhook_id } });
    expect(storedSecret(row)).toBe(webhook.secret);
    expect(row.userId).toBe(tenant.userId);

    const read = await h.request.get(`/v1/webhooks/${webhook.webhook_id}`).set(bearer(tenant.keys.full));
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(webhook.secret);
    const list = await h.request.get("/v1/webhooks").set(bearer(tenant.keys.full));
    expect(JSON.stringify(list.body)).not.toContain(webhook.secret);
  });

  it("keeps a supplied secret and defaults the description to empty", async () => {
    const secret = "my-receivers-shared-secret-0123456789";
    const { webhook } = await freshTenantWebhook({ ...valid, secret });
    expect(webhook.secret).toBe(secret);
    expect(webhook.description).toBe("");
  });

  it("normalizes the URL it stores", async () => {
    const { webhook } = await freshTenantWebhook({ ...valid, url: "https://Example.COM:443/a/../hook" });
    expect(webhook.url).toBe("https://example.com/hook");
  });

  const bad: [string, unknown, number, string][] = [
    ["no url", { events: valid.events }, 400, "VALIDATION_ERROR"],
    ["a plain http url", { ...valid, url: "http://example.com/" }, 400, "VALIDATION_ERROR"],
    ["a relative url", { ...valid, url: "/hooks" }, 400, "VALIDATION_ERROR"],
    ["a url with credentials", { ...valid, url: "https://u:p@example.com/" }, 400, "VALIDATION_ERROR"],
    ["a loopback url", { ...valid, url: "https://127.0.0.1/" }, 400, "VALIDATION_ERROR"],
    ["a decimal loopback url", { ...valid, url: "https://2130706433/" }, 400, "VALIDATION_ERROR"],
    ["localhost", { ...valid, url: "https://localhost:8443/" }, 400, "VALIDATION_ERROR"],
    ["the metadata address", { ...valid, url: "https://169.254.169.254/" }, 400, "VALIDATION_ERROR"],
    ["a private IPv6 url", { ...valid, url: "https://[fd00::1]/" }, 400, "VALIDATION_ERROR"],
    [
      "a url over 2048 characters",
      { ...valid, url: `https://e.com/${"a".repeat(2048)}` },
      400,
      "VALIDATION_ERROR",
    ],
    ["no events", { url: valid.url }, 400, "VALIDATION_ERROR"],
    ["an empty events list", { ...valid, events: [] }, 400, "VALIDATION_ERROR"],
    ["an unknown event", { ...valid, events: ["context.deleted"] }, 400, "VALIDATION_ERROR"],
    [
      "a repeated event",
      { ...valid, events: ["context.created", "context.created"] },
      400,
      "VALIDATION_ERROR",
    ],
    ["events as a string", { ...valid, events: "context.created" }, 400, "VALIDATION_ERROR"],
    ["a description over 500", { ...valid, description: "x".repeat(501) }, 400, "VALIDATION_ERROR"],
    ["a numeric description", { ...valid, description: 5 }, 400, "VALIDATION_ERROR"],
    ["a short secret", { ...valid, secret: "short" }, 400, "VALIDATION_ERROR"],
    ["a malformed whsec_ secret", { ...valid, secret: "whsec_!!!" }, 400, "VALIDATION_ERROR"],
    ["an unknown field", { ...valid, status: "failing" }, 400, "VALIDATION_ERROR"],
    ["an array body", [valid], 400, "VALIDATION_ERROR"],
  ];
  it.each(bad)("%s → %i %s, nothing written", async (_name, body, status, code) => {
    const before = await countRows();
    const res = await create(t.keys.full, body);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await countRows()).toBe(before);
  });

  it("invalid JSON → 400 INVALID_JSON; text/plain → 415", async () => {
    const json = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .set("Content-Type", "application/json")
      .send('{"url": ');
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe("INVALID_JSON");
    const text = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(valid));
    expect(text.status).toBe(415);
  });

  it("refuses more than WEBHOOK_MAX_PER_USER live webhooks with 409; deleting frees a place", async () => {
    const tenant = await h.tenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(tenant.keys.full, valid);
      expect(res.status).toBe(201);
      ids.push(res.body.webhook_id);
    }
    const over = await create(tenant.keys.full, valid);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("CONFLICT");
    await h.request.delete(`/v1/webhooks/${ids[0]}`).set(bearer(tenant.keys.full));
    expect((await create(tenant.keys.full, valid)).status).toBe(201);
  });

  it("takes plain http and private addresses when the deployment allows them (development)", async () => {
    const dev = await createTestHarness({
      WEBHOOK_ALLOW_INSECURE_URLS: "true",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    });
    try {
      const tenant = await dev.tenant();
      const res = await dev.request
        .post("/v1/webhooks")
        .set(bearer(tenant.keys.full))
        .send({ ...valid, url: "http://127.0.0.1:9000/hook" });
      expect(res.status).toBe(201);
      expect(res.body.url).toBe("http://127.0.0.1:9000/hook");
    } finally {
      await dev.close();
    }
  });
});

describe("GET /v1/webhooks (PostgreSQL + Redis)", () => {
  it("lists the caller's webhooks newest first, with cursor pagination", async () => {
    const tenant = await h.tenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(tenant.keys.full, valid)).body.webhook_id);
    const first = await h.request.get("/v1/webhooks?limit=2").set(bearer(tenant.keys.full));
    expect(first.status).toBe(200);
    expect(first.body.data.map((w: { webhook_id: string }) => w.webhook_id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await h.request
      .get(`/v1/webhooks?limit=2&cursor=${first.body.next_cursor}`)
      .set(bearer(tenant.keys.full));
    expect(second.body).toEqual({
      data: [expect.objectContaining({ webhook_id: ids[0] })],
      next_cursor: null,
    });
  });

  it("filters by health (?health=), as GET /v1/overview counts them", async () => {
    const tenant = await h.tenant();
    // three live webhooks a user here (WEBHOOK_MAX_PER_USER): one stays active, one is degraded,
    // one failing; then the failing one is disabled (it wins over its stored health)
    const [fine, shaky, down] = [
      (await create(tenant.keys.full, valid)).body.webhook_id,
      (await create(tenant.keys.full, valid)).body.webhook_id,
      (await create(tenant.keys.full, valid)).body.webhook_id,
    ];
    await h.db.webhook.update({ where: { id: shaky }, data: { status: "degraded" } });
    await h.db.webhook.update({ where: { id: down }, data: { status: "failing" } });
    const ids = async (health: string) =>
      (await h.request.get(`/v1/webhooks?health=${health}`).set(bearer(tenant.keys.full))).body.data.map(
        (w: { webhook_id: string; health: string }) => [w.webhook_id, w.health],
      );
    expect(await ids("active")).toEqual([[fine, "active"]]);
    expect(await ids("degraded")).toEqual([[shaky, "degraded"]]);
    expect(await ids("failing")).toEqual([[down, "failing"]]);
    expect(await ids("disabled")).toEqual([]);
    await h.request.put(`/v1/webhooks/${down}`).set(bearer(tenant.keys.full)).send({ disabled: true });
    expect(await ids("failing")).toEqual([]);
    expect(await ids("disabled")).toEqual([[down, "disabled"]]);
    const bad = await h.request.get("/v1/webhooks?health=deleted").set(bearer(tenant.keys.full));
    expect([bad.status, bad.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it.each([
    ["a foreign cursor", "?cursor=abc"],
    // Well formed, but issued by the contexts list: a position among other rows.
    [
      "another list's cursor",
      `?cursor=${Buffer.from('{"v":1,"id":"ctx_01ARYZ6S41TSV4RRFFQ69G5FAV"}').toString("base64url")}`,
    ],
    ["limit 0", "?limit=0"],
    ["limit 101", "?limit=101"],
    ["an unknown parameter", "?status=active"],
  ])("%s → 400", async (_name, query) => {
    const res = await h.request.get(`/v1/webhooks${query}`).set(bearer(t.keys.full));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });
});

describe("PUT /v1/webhooks/:id (PostgreSQL + Redis)", () => {
  const put = (key: string, id: string, body: unknown) =>
    h.request
      .put(`/v1/webhooks/${id}`)
      .set(bearer(key))
      .send(body as object);

  it("changes only the fields sent", async () => {
    const { tenant, webhook } = await freshTenantWebhook({ ...valid, description: "first" });
    const url = await put(tenant.keys.full, webhook.webhook_id, { url: "https://example.org/new" });
    expect(url.status).toBe(200);
    expect(url.body).toMatchObject({
      url: "https://example.org/new",
      events: valid.events,
      description: "first",
    });
    const events = await put(tenant.keys.full, webhook.webhook_id, { events: ["verification.completed"] });
    expect(events.body).toMatchObject({
      url: "https://example.org/new",
      events: ["verification.completed"],
      description: "first",
    });
    const description = await put(tenant.keys.full, webhook.webhook_id, { description: "" });
    expect(description.body).toMatchObject({ events: ["verification.completed"], description: "" });
    expect(new Date(description.body.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(webhook.created_at).getTime(),
    );
    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: webhook.webhook_id } });
    expect(storedSecret(row)).toBe(webhook.secret);
  });

  it.each([
    ["an empty body", {}],
    ["a secret (not updatable here)", { secret: "x".repeat(40) }],
    ["a status", { status: "active" }],
    ["an http url", { url: "http://example.com/" }],
    ["a private url", { url: "https://10.0.0.8/" }],
    ["empty events", { events: [] }],
    ["an unknown event", { events: ["nope"] }],
  ])("%s → 400 and no change", async (_name, body) => {
    const { tenant, webhook } = await freshTenantWebhook();
    const res = await put(tenant.keys.full, webhook.webhook_id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: webhook.webhook_id } });
    expect(row).toMatchObject({ url: valid.url, events: valid.events });
  });
});

describe("DELETE /v1/webhooks/:id (PostgreSQL + Redis)", () => {
  it("answers {webhook_id, deleted: true}; the webhook is gone from every route", async () => {
    const { tenant, webhook } = await freshTenantWebhook();
    const id = webhook.webhook_id;
    const res = await h.request.delete(`/v1/webhooks/${id}`).set(bearer(tenant.keys.full));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ webhook_id: id, deleted: true });
    expect((await h.request.get(`/v1/webhooks/${id}`).set(bearer(tenant.keys.full))).status).toBe(404);
    expect((await h.request.delete(`/v1/webhooks/${id}`).set(bearer(tenant.keys.full))).status).toBe(404);
    const list = await h.request.get("/v1/webhooks").set(bearer(tenant.keys.full));
    expect(list.body.data).toEqual([]);
  });
});

// Every webhook route, with what to send.
// (Every row has all four entries: jest takes a missing one for a `done` callback.)
const ROUTES: [
  string,
  "get" | "post" | "put" | "delete",
  (id: string, dlv: string) => string,
  object | null,
][] = [
  ["create", "post", () => "/v1/webhooks", valid],
  ["list", "get", () => "/v1/webhooks", null],
  ["read", "get", (id) => `/v1/webhooks/${id}`, null],
  ["update", "put", (id) => `/v1/webhooks/${id}`, { description: "x" }],
  ["delete", "delete", (id) => `/v1/webhooks/${id}`, null],
  ["rotate-secret", "post", (id) => `/v1/webhooks/${id}/rotate-secret`, null],
  ["test", "post", (id) => `/v1/webhooks/${id}/test`, {}],
  ["list deliveries", "get", (id) => `/v1/webhooks/${id}/deliveries`, null],
  ["read delivery", "get", (id, dlv) => `/v1/webhooks/${id}/deliveries/${dlv}`, null],
  ["retry delivery", "post", (id, dlv) => `/v1/webhooks/${id}/deliveries/${dlv}/retry`, null],
];

describe("webhook routes — key types (manage webhooks: full keys only) (PostgreSQL + Redis)", () => {
  let webhookId: string;
  beforeAll(async () => {
    webhookId = (await create(t.keys.full, valid)).body.webhook_id;
  });
  const dlv = "dlv_01ARZ3NDEKTSV4RRFFQ69G5FAV";

  const cases = ROUTES.flatMap(([name, method, path, body]) =>
    (["read_only", "public", "restricted"] as const).map((type) => [name, type, method, path, body] as const),
  );
  it.each(cases)("%s with a %s key → 403, nothing changes", async (_name, type, method, path, body) => {
    const before = await h.db.webhook.findMany({ orderBy: { id: "asc" } });
    const req = h.request[method](path(webhookId, dlv)).set(bearer(t.keys[type]));
    const res = body ? await req.send(body) : await req;
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("INSUFFICIENT_PERMISSIONS");
    expect(await h.db.webhook.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it.each(ROUTES)("%s without a valid key → 401", async (_name, method, path, _body) => {
    const res = await h.request[method](path(webhookId, dlv)).set(
      bearer("sk_notARealKeyAtAll0000000000000000"),
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_API_KEY");
  });
});

describe("webhook routes — another user's webhook is a 404 on every route (PostgreSQL + Redis)", () => {
  let theirs: string;
  let theirDelivery: string;
  beforeAll(async () => {
    theirs = (await create(stranger.keys.full, valid)).body.webhook_id;
    const test = await h.request.post(`/v1/webhooks/${theirs}/test`).set(bearer(stranger.keys.full)).send({});
    expect(test.status).toBe(202);
    theirDelivery = test.body.delivery_id;
  });

  it.each(ROUTES.filter(([name]) => name !== "create" && name !== "list"))(
    "%s of a stranger's webhook → 404, nothing changes",
    async (_name, method, path, body) => {
      const before = await h.db.webhook.findUniqueOrThrow({ where: { id: theirs } });
      const req = h.request[method](path(theirs, theirDelivery)).set(bearer(t.keys.full));
      const res = body ? await req.send(body) : await req;
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
      expect(await h.db.webhook.findUniqueOrThrow({ where: { id: theirs } })).toEqual(before);
    },
  );

  it("a stranger's webhooks are not listed", async () => {
    const res = await h.request.get("/v1/webhooks?limit=100").set(bearer(t.keys.full));
    expect(res.body.data.map((w: { webhook_id: string }) => w.webhook_id)).not.toContain(theirs);
  });

  it.each(["whk_nope", "../../etc", "whk_01ARZ3NDEKTSV4RRFFQ69G5FAV", "dlv_01ARZ3NDEKTSV4RRFFQ69G5FAV"])(
    "a malformed or unknown id (%s) → 404",
    async (id) => {
      const res = await h.request.get(`/v1/webhooks/${encodeURIComponent(id)}`).set(bearer(t.keys.full));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    },
  );
});
