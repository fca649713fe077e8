// Integration: real PostgreSQL (a fresh database). The key statements one by one: what the request
// path's lookup returns, when last_used_at is written, what a holder is shown (never a hash), and
// what a roll and a revocation write.
import { hashApiKey } from "@ctxlog/core";
import { createAccount } from "../accounts/create-account";
import { createTestDatabase, type TestDatabase } from "../testing";
import { createApiKey, InvalidKeyRequestError } from "./create-api-key";
import { findActiveApiKey } from "./find-active-api-key";
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
const hashless = <T extends { hash: string }>({ hash: _h, ...rest }: T) => rest;

describe("api keys", () => {
  it("the lookup by hash gives the stored key with its user, while neither revoked nor expired", async () => {
    const created = await createApiKey(database.db, {
      userId: "u-key-1",
      type: "restricted",
      agentPatterns: ["bot-*"],
      plan: "pro",
      name: "ci",
    });
    const key = await stored(created.record.id);
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
    expect(rolled.record).toEqual(await stored(rolled.record.id));
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
});
