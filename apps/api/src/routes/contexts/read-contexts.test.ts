// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;
const ids: Record<string, string> = {};

async function create(key: string, agent: string, visibility: "public" | "private") {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send({ agent_id: agent, context_data: { agent }, visibility });
  expect(res.status).toBe(202);
  return res.body.context_id as string;
}

beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
  stranger = await h.tenant();
  ids.privateFull = await create(owner.keys.full, "agent-a", "private");
  ids.publicFull = await create(owner.keys.full, "agent-b", "public");
  ids.privateRestricted = await create(owner.keys.restricted, "agent-r", "private");
  ids.strangers = await create(stranger.keys.full, "agent-a", "public");
});
afterAll(() => h.close());

const get = (key: string, id: string) => h.request.get(`/v1/contexts/${id}`).set(bearer(key));
const list = (key: string, query = "") => h.request.get(`/v1/contexts${query}`).set(bearer(key));

describe("GET /v1/contexts/:id — who reads what", () => {
  // [key type, context, expected status]
  const matrix: [keyof Tenant["keys"], string, number][] = [
    ["full", "privateFull", 200],
    ["full", "publicFull", 200],
    ["full", "privateRestricted", 200],
    ["read_only", "privateFull", 200],
    ["read_only", "privateRestricted", 200],
    ["public", "publicFull", 200],
    ["public", "privateFull", 404],
    ["public", "privateRestricted", 404],
    ["restricted", "privateRestricted", 200],
    ["restricted", "privateFull", 404],
    ["restricted", "publicFull", 404],
  ];
  it.each(matrix)("a %s key reading %s → %i", async (type, which, status) => {
    const res = await get(owner.keys[type], ids[which] as string);
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.context_id).toBe(ids[which]);
    else expect(res.body.error.code).toBe("NOT_FOUND");
  });

  it.each(["full", "read_only", "public", "restricted"] as const)(
    "another user's context is a 404 for a %s key, even when public",
    async (type) => {
      const res = await get(owner.keys[type], ids.strangers as string);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    },
  );

  it("an unknown or malformed id is a 404", async () => {
    expect((await get(owner.keys.full, "ctx_01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expect((await get(owner.keys.full, "../../etc/passwd")).status).toBe(404);
  });

  it("a restricted key keeps reading its contexts after it is rolled", async () => {
    const { rollApiKey } = await import("@ctxlog/db");
    const rolled = await rollApiKey(h.db, owner.keyIds.restricted, { overlapHours: 1 });
    const res = await get(rolled.key, ids.privateRestricted as string);
    expect(res.status).toBe(200);
  });
});

describe("GET /v1/contexts — lists", () => {
  it("lists only the key's scope, newest first", async () => {
    const full = await list(owner.keys.full);
    expect(full.status).toBe(200);
    expect(full.body.data.map((c: { context_id: string }) => c.context_id)).toEqual([
      ids.privateRestricted,
      ids.publicFull,
      ids.privateFull,
    ]);
    expect(full.body.next_cursor).toBeNull();

    const pub = await list(owner.keys.public);
    expect(pub.body.data.map((c: { context_id: string }) => c.context_id)).toEqual([ids.publicFull]);

    const restricted = await list(owner.keys.restricted);
    expect(restricted.body.data.map((c: { context_id: string }) => c.context_id)).toEqual([
      ids.privateRestricted,
    ]);

    const strangers = await list(stranger.keys.full);
    expect(strangers.body.data.map((c: { context_id: string }) => c.context_id)).toEqual([ids.strangers]);
  });

  it("filters by agent_id and status", async () => {
    const byAgent = await list(owner.keys.full, "?agent_id=agent-b");
    expect(byAgent.body.data.map((c: { context_id: string }) => c.context_id)).toEqual([ids.publicFull]);
    const pending = await list(owner.keys.full, "?status=pending");
    expect(pending.body.data).toHaveLength(3);
    const confirmed = await list(owner.keys.full, "?status=confirmed");
    expect(confirmed.body.data).toHaveLength(0);
  });

  it("filters by the time received (created_after, created_before)", async () => {
    const all = await list(owner.keys.full);
    const times = all.body.data.map((c: { created_at: string }) => Date.parse(c.created_at));
    const [newest, oldest] = [Math.max(...times), Math.min(...times)];
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await list(owner.keys.full, `?created_after=${iso(oldest)}`)).body.data).toHaveLength(
      times.length,
    );
    expect((await list(owner.keys.full, `?created_after=${iso(newest + 1)}`)).body.data).toHaveLength(0);
    expect((await list(owner.keys.full, `?created_before=${iso(oldest)}`)).body.data).toHaveLength(0);
    const window = await list(
      owner.keys.full,
      `?created_after=${iso(oldest)}&created_before=${iso(newest + 1)}`,
    );
    expect(window.body.data).toHaveLength(times.length);
    expect((await list(owner.keys.full, "?created_after=yesterday")).status).toBe(400);
  });

  it("pages with limit and next_cursor until null, visiting every context once", async () => {
    const tenant = await h.tenant();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push(await create(tenant.keys.full, `agent-${i}`, "private"));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { data: { context_id: string }[]; next_cursor: string | null } } =
        await list(tenant.keys.full, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((c) => c.context_id));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it.each([
    ["?limit=0", "limit below 1"],
    ["?limit=101", "limit above 100"],
    ["?limit=abc", "limit not a number"],
    ["?cursor=not-a-cursor", "a forged cursor"],
    ["?status=done", "an unknown status"],
    ["?agent_id=a%20b", "an invalid agent_id"],
    ["?limit=1&limit=2", "a repeated parameter"],
    ["?sort=asc", "an unknown parameter"],
  ])("%s (%s) → 400 VALIDATION_ERROR", async (query) => {
    const res = await list(owner.keys.full, query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("a cursor from another user's list reveals nothing of theirs", async () => {
    const tenant = await h.tenant();
    for (let i = 0; i < 2; i++) await create(tenant.keys.full, "agent-x", "private");
    const first = await list(tenant.keys.full, "?limit=1");
    const res = await list(owner.keys.full, `?cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(res.status).toBe(200);
    for (const c of res.body.data)
      expect([ids.privateFull, ids.publicFull, ids.privateRestricted]).toContain(c.context_id);
  });
});

describe("context ids in the path", () => {
  it.each(["%00", "ctx_%00", "not-an-id", `ctx_${"0".repeat(27)}`])(
    "a malformed id (%s) is a 400 VALIDATION_ERROR, never a database error",
    async (id) => {
      for (const path of [`/v1/contexts/${id}`, `/v1/contexts/${id}/proof`]) {
        const res = await h.request.get(path).set(bearer(owner.keys.full));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("VALIDATION_ERROR");
      }
      const retry = await h.request.post(`/v1/contexts/${id}/retry`).set(bearer(owner.keys.full));
      expect(retry.status).toBe(400);
    },
  );
});
