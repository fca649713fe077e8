// Integration: real PostgreSQL (a fresh database per test: the command works on the whole table).
import { randomBytes } from "node:crypto";
import { generateWebhookSecret, openSecret, SecretKeyring } from "@ctxlog/core";
import { createApiKey, createWebhook, deleteWebhook, rotateWebhookSecret } from "@ctxlog/db";
import { createTestDatabase } from "@ctxlog/db/testing";
import { parseCliEnv, requireSecretKeyring, UsageError } from "../env";
import { runSecretsCommand } from "./secrets";

const key1 = randomBytes(32).toString("base64");
const key2 = randomBytes(32).toString("hex");
const ring1 = SecretKeyring.parse({ key: key1, keyId: "k1" });
const ring2 = SecretKeyring.parse({ key: key2, keyId: "k2", oldKeys: `k1:${key1}` });
const ring2Only = SecretKeyring.parse({ key: key2, keyId: "k2" });

let database: Awaited<ReturnType<typeof createTestDatabase>>;

async function run(keyring: SecretKeyring, ...argv: string[]) {
  const lines: string[] = [];
  await runSecretsCommand(database.db, ["reencrypt", ...argv, "--json"], (l) => lines.push(l), keyring);
  return JSON.parse(lines.join("\n")) as { reencrypted: number; key_id: string };
}

/** A webhook sealed under `keyring`; `rotate` gives it a previous secret as well. */
async function webhook(keyring: SecretKeyring, opts: { rotate?: boolean } = {}) {
  const secrets = [generateWebhookSecret()];
  const row = await createWebhook(database.db, {
    userId: "u1",
    url: "https://example.com/hook",
    events: ["context.created"],
    description: "",
    secret: secrets[0] as string,
    keyring,
    maxPerUser: 100,
  });
  if (opts.rotate) {
    secrets.unshift(generateWebhookSecret());
    await rotateWebhookSecret(database.db, "u1", row.id, { newSecret: secrets[0] as string, keyring });
  }
  return { id: row.id, secret: secrets[0] as string, previous: secrets[1] ?? null };
}

const rows = () => database.db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM webhooks ORDER BY id`;

async function expectSealed(
  keyring: SecretKeyring,
  hook: { id: string; secret: string; previous: string | null },
) {
  const row = await database.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
  expect(row.secretKeyId).toBe(keyring.currentKeyId);
  expect(openSecret(keyring, { value: row.secret, keyId: row.secretKeyId }, hook.id)).toBe(hook.secret);
  if (hook.previous === null) return expect(row.previousSecret).toBeNull();
  expect(row.previousSecretKeyId).toBe(keyring.currentKeyId);
  expect(
    openSecret(keyring, { value: row.previousSecret ?? "", keyId: row.previousSecretKeyId ?? "" }, hook.id),
  ).toBe(hook.previous);
}

describe("ctxlog secrets reencrypt (PostgreSQL)", () => {
  beforeEach(async () => {
    database = await createTestDatabase("ctxlog_cli_secrets_test");
    await createApiKey(database.db, { userId: "u1", type: "full" });
  });
  afterEach(() => database.drop());

  it("re-encrypts the rows of an old key (secret and previous secret, deleted webhooks too); a second run does nothing", async () => {
    const old = await webhook(ring1, { rotate: true });
    const deleted = await webhook(ring1);
    await deleteWebhook(database.db, "u1", deleted.id);
    const current = await webhook(ring2, { rotate: true });
    const before = await database.db.webhook.findUniqueOrThrow({ where: { id: old.id } });

    expect(await run(ring2)).toEqual({ reencrypted: 2, key_id: "k2" });
    for (const hook of [old, deleted, current]) await expectSealed(ring2Only, hook);
    const after = await database.db.webhook.findUniqueOrThrow({ where: { id: old.id } });
    expect(after.secret).not.toBe(before.secret);
    expect(after.updatedAt).toEqual(before.updatedAt); // nothing the user sees changed

    expect(await run(ring2)).toEqual({ reencrypted: 0, key_id: "k2" });
  });

  it("moves every row from the old key to the new one, after which the old key is no longer needed", async () => {
    const hooks = [await webhook(ring1), await webhook(ring1, { rotate: true }), await webhook(ring2)];
    expect(await run(ring2)).toEqual({ reencrypted: 2, key_id: "k2" });
    for (const hook of hooks) await expectSealed(ring2Only, hook);
    expect(await run(ring2)).toMatchObject({ reencrypted: 0 });
  });

  it("refuses rows under a key id it does not hold, naming it, and writes nothing", async () => {
    const ring0 = SecretKeyring.parse({ key: randomBytes(32).toString("hex"), keyId: "k0" });
    const lost = await webhook(ring0);
    await webhook(ring1);
    await webhook(ring1);
    const before = await rows();

    const failure = run(ring2);
    await expect(failure).rejects.toBeInstanceOf(UsageError);
    await expect(failure).rejects.toThrow(/key id\(s\) "k0" \(1 value, e\.g\. webhook whk_/);
    await expect(failure).rejects.toThrow(lost.id);
    expect(await rows()).toEqual(before);
  });

  it("prints a line for people, refuses unknown subcommands and flags", async () => {
    await webhook(ring1);
    const lines: string[] = [];
    await runSecretsCommand(database.db, ["reencrypt"], (l) => lines.push(l), ring2);
    expect(lines).toEqual([
      'Re-encrypted 1 webhook row under key "k2"; every webhook secret is now under it.',
    ]);
    await expect(runSecretsCommand(database.db, ["rotate"], () => {}, ring1)).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(runSecretsCommand(database.db, ["reencrypt", "--all"], () => {}, ring1)).rejects.toThrow(
      /Unknown option '--all'/,
    );
  });
});

describe("the CLI's secrets configuration", () => {
  const base = { DATABASE_URL: "postgresql://root@127.0.0.1:5432/x" };

  it("keys commands need no encryption key; secrets commands say which variables are missing", () => {
    const env = parseCliEnv(base);
    expect(() => requireSecretKeyring(env)).toThrow(UsageError);
    expect(() => requireSecretKeyring(env)).toThrow(
      /SECRETS_ENCRYPTION_KEY and SECRETS_ENCRYPTION_KEY_ID must be set/,
    );
    const ring = requireSecretKeyring(
      parseCliEnv({
        ...base,
        SECRETS_ENCRYPTION_KEY: key2,
        SECRETS_ENCRYPTION_KEY_ID: "k2",
        SECRETS_ENCRYPTION_OLD_KEYS: `k1:${key1}`,
      }),
    );
    expect(ring.keyIds).toEqual(["k2", "k1"]);
  });

  it("refuses a malformed key even for keys commands (a typo should not wait for the next rotation)", () => {
    expect(() => parseCliEnv({ ...base, SECRETS_ENCRYPTION_KEY: "oops" })).toThrow(
      /SECRETS_ENCRYPTION_KEY: expected 32 random bytes/,
    );
  });
});
