// Integration: who may verify what, request validation, and reading verifications back. Real anvil
// (own, automine) with the registry, real PostgreSQL and Redis.
import { type ChainFixture, startChainFixture } from "../../testing/chain-fixture";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import { verificationHelpers } from "../../testing/verification-helpers";

let chain: ChainFixture;
let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;

beforeAll(async () => {
  chain = await startChainFixture();
  h = await createTestHarness(chain.env);
  owner = await h.tenant({ agents: ["agent-r*"] });
  stranger = await h.tenant();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

const { create, verify, ...helpers } = verificationHelpers(() => ({ h, chain }));
const confirmed = (count: number) => helpers.confirmed(owner.keys.full, count);

describe("POST /v1/verifications — key types and errors", () => {
  it("public keys verify public contexts by id only; a private one is a 404", async () => {
    const publicId = await create(owner.keys.full, { visibility: "public" });
    const privateId = await create(owner.keys.full);
    await chain.anchorContexts(h.db, [publicId, privateId]);
    const ok = await verify(owner.keys.public, { context_id: publicId });
    expect(ok.status).toBe(200);
    expect(ok.body.verified).toBe(true);
    const hidden = await verify(owner.keys.public, { context_id: privateId });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe("NOT_FOUND");
  });

  it("restricted keys verify only their own contexts; read-only keys any of the account's", async () => {
    const mine = await create(owner.keys.restricted, {}, "agent-r1");
    const theirs = await create(owner.keys.full);
    await chain.anchorContexts(h.db, [mine, theirs]);
    expect((await verify(owner.keys.restricted, { context_id: mine })).body.verified).toBe(true);
    expect((await verify(owner.keys.restricted, { context_id: theirs })).status).toBe(404);
    expect((await verify(owner.keys.read_only, { context_id: mine })).body.verified).toBe(true);
  });

  it("another user's context, or an unknown id, is a 404 and records nothing", async () => {
    const id = await create(owner.keys.full);
    const before = await h.db.verification.count();
    for (const [key, contextId] of [
      [stranger.keys.full, id],
      [owner.keys.full, "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F"],
      [owner.keys.full, "not-an-id"],
    ] as const) {
      const res = await verify(key, { context_id: contextId });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect(await h.db.verification.count()).toBe(before);
  });

  it.each([
    ["an empty body", {}],
    ["an array", [1]],
    ["a numeric context_id", { context_id: 5 }],
    ["both forms at once", { context_id: "ctx_x", transaction_hash: `0x${"11".repeat(32)}` }],
    ["a short transaction hash", { transaction_hash: "0x12", context: { agent_id: "a", context_data: {} } }],
    [
      "context without context_data",
      { transaction_hash: `0x${"11".repeat(32)}`, context: { agent_id: "a" } },
    ],
    ["transaction_hash without context", { transaction_hash: `0x${"11".repeat(32)}` }],
    [
      "an unknown field in context",
      { transaction_hash: `0x${"11".repeat(32)}`, context: { agent_id: "a", context_data: {}, x: 1 } },
    ],
    [
      "a bad agent_id",
      { transaction_hash: `0x${"11".repeat(32)}`, context: { agent_id: " ", context_data: {} } },
    ],
  ])("%s → 400 VALIDATION_ERROR", async (_name, body) => {
    const res = await verify(owner.keys.full, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /v1/verifications", () => {
  it("reads one back; another user's (or an unknown id) is a 404", async () => {
    const { ids } = await confirmed(1);
    const made = await verify(owner.keys.full, { context_id: ids[0] });
    const id = made.body.verification_id;
    const got = await h.request.get(`/v1/verifications/${id}`).set(bearer(owner.keys.read_only));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made.body);
    expect((await h.request.get(`/v1/verifications/${id}`).set(bearer(stranger.keys.full))).status).toBe(404);
    const unknown = await h.request
      .get("/v1/verifications/vrf_01JAZ0YQ8T9X2V3W4B5C6D7E8F")
      .set(bearer(owner.keys.full));
    expect(unknown.status).toBe(404);
    const nul = await h.request.get("/v1/verifications/vrf_%00").set(bearer(owner.keys.full));
    expect(nul.status).toBe(404);
  });

  it("public and restricted keys see only their own key's verifications", async () => {
    const t = await h.tenant();
    const publicId = await create(t.keys.full, { visibility: "public" });
    await chain.anchorContexts(h.db, [publicId]);
    const byFull = (await verify(t.keys.full, { context_id: publicId })).body.verification_id;
    const byPublic = (await verify(t.keys.public, { context_id: publicId })).body.verification_id;
    const get = (key: string, id: string) => h.request.get(`/v1/verifications/${id}`).set(bearer(key));
    expect((await get(t.keys.public, byPublic)).status).toBe(200);
    expect((await get(t.keys.public, byFull)).status).toBe(404);
    expect((await get(t.keys.restricted, byPublic)).status).toBe(404);
    expect((await get(t.keys.full, byPublic)).status).toBe(200);
    const ids = async (key: string) =>
      (await h.request.get("/v1/verifications?limit=100").set(bearer(key))).body.data.map(
        (v: { verification_id: string }) => v.verification_id,
      );
    expect(await ids(t.keys.public)).toEqual([byPublic]);
    expect(await ids(t.keys.read_only)).toEqual([byPublic, byFull]);
    expect(await ids(t.keys.restricted)).toEqual([]);
  });

  it("lists newest first with cursor pagination and a context filter", async () => {
    const { ids } = await confirmed(1);
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await verify(owner.keys.full, { context_id: ids[0] })).body.verification_id);
    const page1 = await h.request
      .get(`/v1/verifications?limit=2&context_id=${ids[0]}`)
      .set(bearer(owner.keys.read_only));
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((v: { verification_id: string }) => v.verification_id)).toEqual([
      made[2],
      made[1],
    ]);
    const page2 = await h.request
      .get(`/v1/verifications?limit=2&context_id=${ids[0]}&cursor=${page1.body.next_cursor}`)
      .set(bearer(owner.keys.read_only));
    expect(page2.body).toEqual({
      data: [expect.objectContaining({ verification_id: made[0] })],
      next_cursor: null,
    });
    const others = await h.request.get("/v1/verifications").set(bearer(stranger.keys.full));
    expect(others.body).toEqual({ data: [], next_cursor: null });
    for (const q of ["limit=101", "cursor=nope", "foo=1", "context_id=%00", "context_id=nope"]) {
      const bad = await h.request.get(`/v1/verifications?${q}`).set(bearer(owner.keys.full));
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("lists the verifications of a time range (created_after / created_before)", async () => {
    const { ids } = await confirmed(1);
    const before = (await verify(owner.keys.full, { context_id: ids[0] })).body.verification_id;
    await new Promise((r) => setTimeout(r, 5)); // ids are time-ordered to the millisecond
    const cut = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const after = (await verify(owner.keys.full, { context_id: ids[0] })).body.verification_id;
    const list = async (q: string) =>
      (
        await h.request.get(`/v1/verifications?context_id=${ids[0]}&${q}`).set(bearer(owner.keys.full))
      ).body.data.map((v: { verification_id: string }) => v.verification_id);
    expect(await list(`created_after=${cut}`)).toEqual([after]);
    expect(await list(`created_before=${cut}`)).toEqual([before]);
    expect(await list(`created_after=${cut}&created_before=${cut}`)).toEqual([]);
    // another user's verifications stay invisible inside any range
    const theirs = await h.request
      .get(`/v1/verifications?created_after=2000-01-01T00:00:00Z`)
      .set(bearer(stranger.keys.full));
    expect(theirs.body.data).toEqual([]);
    const bad = await h.request.get("/v1/verifications?created_after=yesterday").set(bearer(owner.keys.full));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
  });
});
