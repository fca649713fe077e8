// Integration: real PostgreSQL and real Redis pub/sub; the key lookup is paused by the test (no sleeps).
import { findActiveApiKey, revokeApiKey } from "@ctxlog/db";
import { publishKeyRevocation } from "@ctxlog/jobs";
import express from "express";
import { Redis } from "ioredis";
import supertest from "supertest";
import { bearer, createTestHarness, REDIS_URL, type TestHarness } from "../testing/harness";
import { AuthCache } from "./auth-cache";
import { authenticate } from "./authenticate";
import { errorHandler } from "./errors";
import type { AuthContext } from "./request-context";

let h: TestHarness;
let redis: Redis;
beforeAll(async () => {
  h = await createTestHarness({ AUTH_CACHE_TTL_MS: "600000" });
  redis = new Redis(REDIS_URL);
  await waitFor(async () => {
    const [, count] = (await redis.call("PUBSUB", "NUMSUB", `${h.prefix}:keys:revoked`)) as [string, number];
    return Number(count) > 0;
  });
});
afterAll(async () => {
  redis.disconnect();
  await h.close();
});

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** An app whose key lookup, once armed, stops after reading the database until released. */
function pausableApp() {
  let pause: { lookedUp: () => void; release: Promise<void> } | null = null;
  const app = express()
    .use(
      authenticate(h.deps, async (hash) => {
        const key = await findActiveApiKey(h.db, hash);
        const p = pause;
        pause = null;
        if (p) {
          p.lookedUp();
          await p.release;
        }
        return key;
      }),
    )
    .get("/", (req, res) => {
      res.json({ key_id: req.auth?.keyId });
    })
    .use(errorHandler);
  return {
    get: (key: string) =>
      supertest(app)
        .get("/")
        .set(bearer(key))
        .then((r) => r),
    /** Arms the pause; resolves `lookedUp` when the next lookup has read the database. */
    arm() {
      let release!: () => void;
      let lookedUp!: () => void;
      const looked = new Promise<void>((r) => {
        lookedUp = r;
      });
      pause = { lookedUp, release: new Promise<void>((r) => (release = r)) };
      return { looked, release };
    },
  };
}

describe("a revocation that arrives between the lookup and the cache write", () => {
  it("without a revocation in between, the looked-up key is cached (control)", async () => {
    const t = await h.tenant();
    const app = pausableApp();
    const gate = app.arm();
    const first = app.get(t.keys.full);
    await gate.looked;
    gate.release();
    expect((await first).status).toBe(200);
    await revokeApiKey(h.db, t.keyIds.full); // database only: the cache still answers
    expect((await app.get(t.keys.full)).status).toBe(200);
  });

  it("is not outlived by the cache: the next request goes to the database and is refused", async () => {
    const t = await h.tenant();
    const app = pausableApp();
    const gate = app.arm();
    const first = app.get(t.keys.full);
    await gate.looked; // the lookup saw an active key; its result is not cached yet

    await revokeApiKey(h.db, t.keyIds.full);
    const before = h.deps.authCache.generation;
    await publishKeyRevocation(redis, h.prefix, t.keyIds.full);
    await waitFor(() => h.deps.authCache.generation > before); // the message reached this process

    gate.release();
    expect((await first).status).toBe(200); // answered from what it read, as any in-flight request
    const next = await app.get(t.keys.full);
    expect(next.status).toBe(401);
    expect(next.body.error.code).toBe("INVALID_API_KEY");
  });
});

describe("AuthCache generation", () => {
  const auth: AuthContext = {
    keyId: "key_1",
    keyFamilyId: "key_1",
    userId: "u",
    type: "full",
    plan: "free",
    agentPatterns: [],
  };

  it("moves on a resubscription (clear), and a lookup started before it is not cached", () => {
    const cache = new AuthCache(60_000, { live: true });
    const generation = cache.generation;
    cache.clear();
    expect(cache.set("h", auth, generation)).toBe(false);
    expect(cache.get("h")).toBeUndefined();
    expect(cache.set("h", auth, cache.generation)).toBe(true);
    expect(cache.get("h")).toEqual(auth);
  });

  it("moves on a revocation of any key", () => {
    const cache = new AuthCache(60_000, { live: true });
    const generation = cache.generation;
    cache.revoke("key_other");
    expect(cache.set("h", auth, generation)).toBe(false);
  });

  it("keeps the key-id index in step with evictions, so a revocation finds every cached key", () => {
    const cache = new AuthCache(60_000, { live: true }, 2);
    cache.set("h1", { ...auth, keyId: "k1" }, cache.generation);
    cache.set("h2", { ...auth, keyId: "k2" }, cache.generation);
    cache.set("h3", { ...auth, keyId: "k3" }, cache.generation); // evicts h1
    cache.set("h1", { ...auth, keyId: "k1" }, cache.generation); // evicts h2
    cache.revoke("k1");
    expect(cache.get("h1")).toBeUndefined();
    expect(cache.get("h3")).toBeDefined();
  });
});
