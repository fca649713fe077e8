// Integration: real PostgreSQL and real Redis (pub/sub on the harness's own prefix).
import type { AddressInfo } from "node:net";
import { generateApiKey } from "@ctxlog/core";
import { revokeApiKey } from "@ctxlog/db";
import { publishKeyRevocation } from "@ctxlog/jobs";
import { Redis } from "ioredis";
import { bearer, createTestHarness, REDIS_URL, type TestHarness } from "../testing/harness";

let h: TestHarness;
let redis: Redis;
beforeAll(async () => {
  h = await createTestHarness({
    AUTH_CACHE_TTL_MS: "600000",
    AUTH_CACHE_MAX_ENTRIES: "50",
    AUTH_FAILURE_LIMIT: "0", // the flood below comes from one address
  });
  redis = new Redis(REDIS_URL);
  // the subscription connects asynchronously; until it is live the cache is bypassed
  await waitFor(async () => {
    const [, count] = (await redis.call("PUBSUB", "NUMSUB", `${h.prefix}:keys:revoked`)) as [string, number];
    return Number(count) > 0;
  });
});
afterAll(async () => {
  redis.disconnect();
  await h.close();
});

/** Polls `condition` until it holds; fails after `ms`. */
async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Publishes a revocation and returns once this process's cache has handled it. */
async function publishAndWait(keyId: string) {
  const before = h.deps.authCache.generation;
  await publishKeyRevocation(redis, h.prefix, keyId);
  await waitFor(() => h.deps.authCache.generation > before);
}

const status = (key: string) => h.request.get("/v1/status").set(bearer(key));

describe("auth cache with revocations over Redis pub/sub", () => {
  it("serves a verified key from the cache: a database-only revocation is not seen until published", async () => {
    const t = await h.tenant();
    expect((await status(t.keys.full)).status).toBe(200);
    await revokeApiKey(h.db, t.keyIds.full);
    expect((await status(t.keys.full)).status).toBe(200); // cached: proves the cache is in use
    await publishAndWait(t.keyIds.full);
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
    await publishAndWait(t.keyIds.read_only);
    expect((await status(t.keys.read_only)).status).toBe(401);
    expect((await status(t.keys.full)).status).toBe(200);
  });
});

describe("unknown keys are never cached", () => {
  it("a key refused as unknown is looked up again: once it exists it is accepted", async () => {
    const t = await h.tenant();
    const generated = generateApiKey("full");
    expect((await status(generated.key)).status).toBe(401);
    await h.db.apiKey.create({
      data: {
        id: `key_late_${generated.displayPrefix}`,
        userId: t.userId,
        type: "full",
        hash: new Uint8Array(Buffer.from(generated.hash, "hex")), // stored as its 32 bytes
        displayPrefix: generated.displayPrefix,
        familyId: `fam_late_${generated.displayPrefix}`,
      },
    });
    expect((await status(generated.key)).status).toBe(200);
  });

  it("thousands of unknown keys do not push a cached valid key out", async () => {
    const t = await h.tenant();
    expect((await status(t.keys.public)).status).toBe(200); // now cached

    const server = h.app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/status`;
    try {
      // 10× AUTH_CACHE_MAX_ENTRIES: were unknown keys cached, the valid one would be pushed out
      // after the first 50 already
      const flood = 500;
      let refused = 0;
      for (let sent = 0; sent < flood; sent += 50) {
        const batch = Array.from({ length: 50 }, () =>
          fetch(url, { headers: bearer(generateApiKey("full").key) }).then((r) => r.status),
        );
        refused += (await Promise.all(batch)).filter((s) => s === 401).length;
      }
      expect(refused).toBe(flood);
    } finally {
      await new Promise((r) => server.close(r));
    }

    // Revoked in the database only (no message): still accepted, so it came from the cache.
    await revokeApiKey(h.db, t.keyIds.public);
    expect((await status(t.keys.public)).status).toBe(200);
    expect(h.deps.authCache.size).toBeLessThanOrEqual(50);
  });
});
