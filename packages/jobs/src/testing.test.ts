// Integration (real Redis): the database claim that keeps suites which flush a whole Redis
// database from sharing one.
import { Redis } from "ioredis";
import { claimRedisDatabase, REDIS_DB_CLAIM_PREFIX, TEST_REDIS_URL } from "./testing";

describe("claimRedisDatabase (real Redis)", () => {
  it("gives suites claiming at the same time different databases, each empty", async () => {
    const claims = await Promise.all([claimRedisDatabase(), claimRedisDatabase(), claimRedisDatabase()]);
    try {
      expect(new Set(claims.map((c) => c.db)).size).toBe(3);
      for (const c of claims) {
        expect(c.db).toBeGreaterThan(0);
        expect(c.url).toMatch(new RegExp(`/${c.db}$`));
        const r = new Redis(c.url);
        expect(await r.dbsize()).toBe(0);
        r.disconnect();
      }
    } finally {
      await Promise.all(claims.map((c) => c.release()));
    }
  });

  it("passes over a database that is not empty, and release() empties and frees its own", async () => {
    const first = await claimRedisDatabase();
    const { db } = first;
    const inside = new Redis(first.url);
    await inside.set("written-by-the-suite", "1");
    await first.release();
    expect(await inside.dbsize()).toBe(0);
    const control = new Redis(TEST_REDIS_URL);
    expect(await control.exists(`${REDIS_DB_CLAIM_PREFIX}${db}`)).toBe(0);

    // Someone else's data in an unclaimed database: never claimed, never touched.
    await inside.set("someone-elses-key", "1");
    try {
      await expect(claimRedisDatabase({ indexes: [db] })).rejects.toThrow(/no free Redis database/);
      expect(await inside.get("someone-elses-key")).toBe("1");
      expect(await control.exists(`${REDIS_DB_CLAIM_PREFIX}${db}`)).toBe(0);
    } finally {
      await inside.del("someone-elses-key");
      inside.disconnect();
      control.disconnect();
    }
  });

  it("keeps a claim alive past its TTL while held, and refuses a held index to another claimer", async () => {
    const held = await claimRedisDatabase({ ttlMs: 300 });
    try {
      await new Promise((r) => setTimeout(r, 700)); // deliberately past the TTL: the refresh must keep it
      await expect(claimRedisDatabase({ indexes: [held.db] })).rejects.toThrow(/no free Redis database/);
    } finally {
      await held.release();
    }
  });
});
