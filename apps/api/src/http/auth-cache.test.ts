// Integration: real PostgreSQL and real Redis (pub/sub on the harness's own prefix).
import { revokeApiKey } from "@ctxlog/db";
import { publishKeyRevocation } from "@ctxlog/jobs";
import { Redis } from "ioredis";
import { bearer, createTestHarness, REDIS_URL, type TestHarness } from "../testing/harness";

let h: TestHarness;
let redis: Redis;
beforeAll(async () => {
  h = await createTestHarness({ AUTH_CACHE_TTL_MS: "600000" });
  redis = new Redis(REDIS_URL);
  // the subscription connects asynchronously; until it is live the cache is bypassed
  for (let i = 0; i < 100 && !(await subscribed()); i++) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  redis.disconnect();
  await h.close();
});

async function subscribed() {
  const [, count] = (await redis.call("PUBSUB", "NUMSUB", `${h.prefix}:keys:revoked`)) as [string, number];
  return Number(count) > 0;
}

const status = (key: string) => h.request.get("/v1/status").set(bearer(key));

describe("auth cache with revocations over Redis pub/sub", () => {
  it("serves a verified key from the cache: a database-only revocation is not seen until published", async () => {
    const t = await h.tenant();
    expect((await status(t.keys.full)).status).toBe(200);
    await revokeApiKey(h.db, t.keyIds.full);
    expect((await status(t.keys.full)).status).toBe(200); // cached: proves the cache is in use
    await publishKeyRevocation(redis, h.prefix, t.keyIds.full);
    await new Promise((r) => setTimeout(r, 50));
    const res = await status(t.keys.full);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_API_KEY");
  });

  it("a revocation of one key leaves the others cached", async () => {
    const t = await h.tenant();
    expect((await status(t.keys.full)).status).toBe(200);
    expect((await status(t.keys.read_only)).status).toBe(200);
    await revokeApiKey(h.db, t.keyIds.read_only);
    await revokeApiKey(h.db, t.keyIds.full);
    await publishKeyRevocation(redis, h.prefix, t.keyIds.read_only);
    await new Promise((r) => setTimeout(r, 50));
    expect((await status(t.keys.read_only)).status).toBe(401);
    expect((await status(t.keys.full)).status).toBe(200);
  });

  it("unknown keys are cached as unknown too, and stay refused", async () => {
    const unknown = "sk_live_00000000000000000000000000000000";
    expect((await status(unknown)).status).toBe(401);
    expect((await status(unknown)).status).toBe(401);
  });
});
