// Integration: real PostgreSQL (a fresh database).
import { hashApiKey, parseApiKey } from "@ctxlog/core";
import { findActiveApiKey } from "@ctxlog/db";
import { createTestDatabase } from "@ctxlog/db/testing";
import { UsageError } from "../env";
import { runKeysCommand } from "./keys";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_cli_test");
});
afterAll(() => database.drop());

async function run(...argv: string[]) {
  const lines: string[] = [];
  await runKeysCommand(database.db, argv, (l) => lines.push(l), "free");
  return lines;
}
const json = async (...argv: string[]) => JSON.parse((await run(...argv, "--json")).join("\n"));

describe("ctxlog keys", () => {
  it.each([
    ["full", "sk_"],
    ["read_only", "sk_ro_"],
    ["public", "pk_"],
  ])("create --type %s prints a %s key once, stored only as its hash", async (type, prefix) => {
    const out = await json("create", "--user", `u-${type}`, "--type", type);
    expect(out).toMatchObject({ user_id: `u-${type}`, type });
    expect(out.key.startsWith(prefix)).toBe(true);
    expect(parseApiKey(out.key)?.type).toBe(type);
    const stored = await findActiveApiKey(database.db, hashApiKey(out.key));
    expect(stored?.id).toBe(out.key_id);
    const dump = JSON.stringify(await database.db.apiKey.findMany());
    expect(dump).not.toContain(out.key);
  });

  it("create --type restricted stores the agent patterns, and the plan on the user", async () => {
    const out = await json(
      "create",
      "--user",
      "u-r",
      "--type",
      "restricted",
      "--agents",
      "billing-*, ops/*",
      "--plan",
      "pro",
    );
    expect(out.key.startsWith("sk_r_")).toBe(true);
    const key = await database.db.apiKey.findUniqueOrThrow({
      where: { id: out.key_id },
      include: { user: true },
    });
    expect(key.agentPatterns).toEqual(["billing-*", "ops/*"]);
    expect(key.user.plan).toBe("pro");
  });

  it("create --expires-in-days sets the expiry", async () => {
    const out = await json("create", "--user", "u-exp", "--type", "full", "--expires-in-days", "90");
    const key = await database.db.apiKey.findUniqueOrThrow({ where: { id: out.key_id } });
    const days = ((key.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
  });

  it("the human output shows the key and warns it is shown once", async () => {
    const lines = await run("create", "--user", "u-human", "--type", "full");
    expect(lines.join("\n")).toMatch(/shown once/);
    expect(lines.some((l) => /^\s+sk_[A-Za-z0-9]{32}$/.test(l))).toBe(true);
  });

  it.each([
    [["create", "--type", "full"], /--user/],
    [["create", "--user", "x", "--type", "admin"], /--type/],
    [["create", "--user", "x", "--type", "restricted"], /agent pattern/],
    [["create", "--user", "x", "--type", "full", "--agents", "a-*"], /restricted keys only/],
    [["create", "--user", "x", "--type", "restricted", "--agents", "bad pattern"], /invalid agent pattern/],
    [["create", "--user", "x", "--type", "full", "--expires-in-days=-1"], /expires-in-days/],
    [["create", "--user", "x", "--type", "full", "--nope"], /Unknown option/],
    [["revoke"], /revoke/],
    [["revoke", "key_01ARZ3NDEKTSV4RRFFQ69G5FAV"], /no key/],
    [["roll", "key_01ARZ3NDEKTSV4RRFFQ69G5FAV"], /no key/],
    [["frobnicate"], /Usage/],
  ])("%j is a usage error (%s) and writes nothing", async (argv, message) => {
    const before = await database.db.apiKey.count();
    await expect(run(...argv)).rejects.toThrow(UsageError);
    await expect(run(...argv)).rejects.toThrow(message);
    expect(await database.db.apiKey.count()).toBe(before);
  });

  it("list shows a user's keys without secrets; revoke and roll change their state", async () => {
    const a = await json("create", "--user", "u-life", "--type", "full");
    const revoked = await json("revoke", a.key_id);
    expect(revoked.revoked_at).not.toBeNull();
    expect(await findActiveApiKey(database.db, hashApiKey(a.key))).toBeNull();

    const b = await json("create", "--user", "u-life", "--type", "read_only");
    const rolled = await json("roll", b.key_id, "--overlap-hours", "2");
    expect(rolled.replaces).toBe(b.key_id);
    expect(rolled.key.startsWith("sk_ro_")).toBe(true);
    const overlapHours = (Date.parse(rolled.old_key_expires_at) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(1.9);
    expect(await findActiveApiKey(database.db, hashApiKey(b.key))).not.toBeNull();
    expect(await findActiveApiKey(database.db, hashApiKey(rolled.key))).not.toBeNull();
    await expect(run("roll", a.key_id)).rejects.toThrow(/revoked/);

    const listed = await json("list", "--user", "u-life");
    expect(listed.map((k: { key_id: string }) => k.key_id)).toEqual([rolled.key_id, b.key_id, a.key_id]);
    const text = JSON.stringify(listed);
    for (const key of [a.key, b.key, rolled.key]) expect(text).not.toContain(key);
    expect(text).not.toContain("hash");
  });
});

describe("ctxlog keys: telling running APIs", () => {
  it("revoke and roll announce the changed key id (so API auth caches drop it)", async () => {
    const notified: string[] = [];
    const notify = async (keyId: string) => void notified.push(keyId);
    const out = (l: string) => void l;
    const a = await json("create", "--user", "u-notify", "--type", "full");
    const b = await json("create", "--user", "u-notify", "--type", "full");
    await runKeysCommand(database.db, ["revoke", a.key_id], out, "free", notify);
    await runKeysCommand(database.db, ["roll", b.key_id, "--overlap-hours", "0"], out, "free", notify);
    expect(notified).toEqual([a.key_id, b.key_id]);
  });
});
