// Integration: real PostgreSQL (a fresh database). The key statements one by one: what the request
// path's lookup returns, when last_used_at is written, what a holder is shown (never a hash), and
// what a roll and a revocation write.
import { randomBytes } from "node:crypto";
import { hashApiKey } from "@ctxlog/core";
import { createAccount } from "../accounts/create-account";
import { digestBytes } from "../hex-columns";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { createTestDatabase, type TestDatabase } from "../testing";
import { createApiKey, InvalidKeyRequestError } from "./create-api-key";
import { findActiveApiKey } from "./find-active-api-key";
import { keyWithUser } from "./find-active-api-key.queries";
import { findUserApiKey } from "./find-user-api-key";
import { listApiKeyPage } from "./list-api-key-page";
import { listApiKeys } from "./list-api-keys";
import { recordApiKeyUse } from "./record-api-key-use";
import { revokeApiKey } from "./revoke-api-key";
import { rollApiKey } from "./roll-api-key";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_db_api_keys");
});
afterAll(() => database.drop());

const stored = (id: string) => database.db.apiKey.findUniqueOrThrow({ where: { id } });
const hashless = <T extends { hash: unknown }>({ hash: _h, ...rest }: T) => rest;

describe("api keys", () => {
  it("the lookup by hash gives the stored key with its user, while neither revoked nor expired", async () => {
    const created = await createApiKey(database.db, {
      userId: "u-key-1",
      type: "restricted",
      agentPatterns: ["bot-*"],
      plan: "pro",
      name: "ci",
    });
    const row = await stored(created.record.id);
    // stored as the hash's 32 bytes, handed out as hashApiKey's hex
    expect(Buffer.from(row.hash)).toEqual(Buffer.from(hashApiKey(created.key), "hex"));
    const key = { ...row, hash: hashApiKey(created.key) };
    expect(created.record).toEqual(key);
    const user = await database.db.user.findUniqueOrThrow({ where: { id: "u-key-1" } });
    expect(user.plan).toBe("pro");
    expect(await findActiveApiKey(database.db, hashApiKey(created.key))).toEqual({ ...key, user });
    expect(await findActiveApiKey(database.db, hashApiKey(`${created.key}x`))).toBeNull();
    const expiring = await createApiKey(database.db, {
      userId: "u-key-1",
      type: "full",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const hash = hashApiKey(expiring.key);
    expect(await findActiveApiKey(database.db, hash)).not.toBeNull();
    expect(await findActiveApiKey(database.db, hash, new Date(Date.now() + 61_000))).toBeNull();
    await revokeApiKey(database.db, expiring.record.id);
    expect(await findActiveApiKey(database.db, hash)).toBeNull();
  });

  it("a user's plan changes only when a key is created with one; a refused request writes nothing", async () => {
    await createApiKey(database.db, { userId: "u-key-2", type: "full", defaultPlan: "team" });
    const plan = async () => (await database.db.user.findUniqueOrThrow({ where: { id: "u-key-2" } })).plan;
    expect(await plan()).toBe("team");
    await createApiKey(database.db, { userId: "u-key-2", type: "read_only", defaultPlan: "free" });
    expect(await plan()).toBe("team");
    await createApiKey(database.db, { userId: "u-key-2", type: "read_only", plan: "pro" });
    expect(await plan()).toBe("pro");
    await expect(
      createApiKey(database.db, { userId: "u-key-2b", type: "full", agentPatterns: ["a"] }),
    ).rejects.toBeInstanceOf(InvalidKeyRequestError);
    expect(await database.db.user.findUnique({ where: { id: "u-key-2b" } })).toBeNull();
  });

  it("last_used_at is written at most once per interval", async () => {
    const { record } = await createApiKey(database.db, { userId: "u-key-3", type: "full" });
    const t0 = new Date("2030-01-01T00:00:00.000Z");
    await recordApiKeyUse(database.db, record.id, { everyMs: 60_000, now: t0 });
    expect((await stored(record.id)).lastUsedAt).toEqual(t0);
    await recordApiKeyUse(database.db, record.id, { everyMs: 60_000, now: new Date(t0.getTime() + 59_000) });
    expect((await stored(record.id)).lastUsedAt).toEqual(t0);
    const t1 = new Date(t0.getTime() + 61_000);
    await recordApiKeyUse(database.db, record.id, { everyMs: 60_000, now: t1 });
    expect((await stored(record.id)).lastUsedAt).toEqual(t1);
  });

  it("holders see their keys without hashes, and never a dashboard account's key", async () => {
    const a = await createApiKey(database.db, { userId: "u-key-4", type: "full" });
    const b = await createApiKey(database.db, { userId: "u-key-4", type: "public" });
    const { account } = await createAccount(database.db, { userId: "u-key-4", email: "k@example.test" });
    const accountKey = await database.db.apiKey.findUniqueOrThrow({ where: { accountId: account.id } });
    const expected = [hashless(await stored(b.record.id)), hashless(await stored(a.record.id))];
    expect(await listApiKeys(database.db, "u-key-4")).toEqual(expected);
    expect((await listApiKeyPage(database.db, "u-key-4", { limit: 1 })).rows).toEqual([expected[0]]);
    expect(await findUserApiKey(database.db, "u-key-4", a.record.id)).toEqual(expected[1]);
    expect(await findUserApiKey(database.db, "u-other", a.record.id)).toBeNull();
    expect(await findUserApiKey(database.db, "u-key-4", accountKey.id)).toBeNull();
    for (const shown of [
      ...(await listApiKeys(database.db, "u-key-4")),
      await findUserApiKey(database.db, "u-key-4", a.record.id),
      await revokeApiKey(database.db, a.record.id),
    ]) {
      expect(Object.keys(shown ?? {})).not.toContain("hash");
    }
  });

  it("revoking keeps the first time; an unknown key or an account's key is null", async () => {
    const { record } = await createApiKey(database.db, { userId: "u-key-5", type: "full" });
    const first = new Date("2030-01-01T00:00:00.000Z");
    expect((await revokeApiKey(database.db, record.id, first))?.revokedAt).toEqual(first);
    expect((await revokeApiKey(database.db, record.id))?.revokedAt).toEqual(first);
    expect((await stored(record.id)).revokedAt).toEqual(first);
    expect(await revokeApiKey(database.db, "key_nope")).toBeNull();
  });

  it("a roll copies type, patterns, name, expiry and family, and keeps the old key for the overlap only", async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const old = await createApiKey(database.db, {
      userId: "u-key-6",
      type: "restricted",
      agentPatterns: ["a-*", "b"],
      name: "deploy",
      expiresAt,
    });
    const now = new Date();
    const rolled = await rollApiKey(database.db, old.record.id, { overlapHours: 1, now });
    expect(rolled.record).toEqual({ ...(await stored(rolled.record.id)), hash: hashApiKey(rolled.key) });
    expect(rolled.record).toMatchObject({
      userId: "u-key-6",
      type: "restricted",
      agentPatterns: ["a-*", "b"],
      name: "deploy",
      expiresAt,
      familyId: old.record.familyId,
      rolledFromId: old.record.id,
    });
    // an hour's overlap past the old key's own expiry: its own expiry stands
    expect(rolled.oldKeyExpiresAt).toEqual(expiresAt);
    const again = await rollApiKey(database.db, rolled.record.id, { overlapHours: 0, now });
    expect(again.oldKeyExpiresAt).toEqual(now);
    expect((await stored(rolled.record.id)).expiresAt).toEqual(now);
    expect(await findActiveApiKey(database.db, hashApiKey(again.key))).not.toBeNull();
  });

  it("the lookup is one probe of the unique index on the hash's bytes, on the request path", async () => {
    const db = database.db;
    await db.user.create({ data: { id: "u-key-7" } });
    await db.apiKey.createMany({
      data: Array.from({ length: 500 }, (_, i) => ({
        id: `key_probe_${i}`,
        userId: "u-key-7",
        type: "full" as const,
        hash: new Uint8Array(randomBytes(32)),
        displayPrefix: "sk_",
        familyId: `fam_probe_${i}`,
      })),
    });
    await db.$executeRawUnsafe("ANALYZE api_keys");
    let plan: { "QUERY PLAN": string }[] = [];
    // sent as the pool sends it (unnamed, so planned with the value bound)
    await runQuery(keyWithUser, { hash: digestBytes(hashApiKey("sk_probe")) }, async (text, values) => {
      plan = await sqlOf(db)<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, values);
      return [];
    });
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Index Scan using api_keys_hash_key on api_keys/);
    expect(text).not.toMatch(/Seq Scan on api_keys/);
  });
});
