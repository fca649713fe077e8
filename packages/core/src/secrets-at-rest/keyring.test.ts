import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { z } from "zod";
import { decodeEncryptionKey, parseOldKeys, SecretKeyring, SecretKeyringError } from "./keyring";
import { checkSecretsEncryptionEnv, secretKeyringFromEnv, secretsEncryptionEnv } from "./keyring-env";

const bytes = randomBytes(32);

describe("encryption keys", () => {
  it.each([
    ["hex", bytes.toString("hex")],
    ["HEX", bytes.toString("hex").toUpperCase()],
    ["base64", bytes.toString("base64")],
    ["base64 without padding", bytes.toString("base64").replace(/=$/, "")],
    ["base64url", bytes.toString("base64url")],
  ])("decodes 32 bytes given as %s", (_name, raw) => {
    expect(decodeEncryptionKey(raw)?.equals(bytes)).toBe(true);
  });

  it.each([
    ["16 bytes of hex", randomBytes(16).toString("hex")],
    ["48 bytes of base64", randomBytes(48).toString("base64")],
    ["31 bytes of base64", randomBytes(31).toString("base64")],
    ["a passphrase", "correct horse battery staple"],
    ["empty", ""],
  ])("refuses %s", (_name, raw) => {
    expect(decodeEncryptionKey(raw)).toBeNull();
  });

  it("parses old keys as id:key,...", () => {
    const other = randomBytes(32);
    const parsed = parseOldKeys(` k1:${bytes.toString("base64")} , k0:${other.toString("hex")}`);
    expect(Array.isArray(parsed) && parsed.map((k) => k.id)).toEqual(["k1", "k0"]);
    expect(parseOldKeys("")).toEqual([]);
    expect(parseOldKeys(`k1:${bytes.toString("hex")},k1:${bytes.toString("hex")}`)).toEqual({
      problem: 'key id "k1" is listed twice',
    });
    expect(parseOldKeys("nokey")).toMatchObject({ problem: expect.stringContaining("id:key") });
    expect(parseOldKeys("k1:short")).toMatchObject({ problem: expect.stringContaining('key "k1"') });
  });
});

describe("SecretKeyring", () => {
  const key = bytes.toString("base64");

  it("holds the current key and the old ones; printing it shows ids only", () => {
    const ring = SecretKeyring.parse({ key, keyId: "k2", oldKeys: `k1:${randomBytes(32).toString("hex")}` });
    expect(ring.currentKeyId).toBe("k2");
    expect(ring.keyIds).toEqual(["k2", "k1"]);
    expect(ring.has("k1")).toBe(true);
    expect(ring.has("k0")).toBe(false);
    expect(JSON.stringify(ring)).toBe('{"currentKeyId":"k2","keyIds":["k2","k1"]}');
    expect(inspect(ring)).not.toContain(bytes.toString("hex").slice(0, 8));
  });

  it("refuses a bad key, a bad id, or an old key reusing the current id", () => {
    expect(() => SecretKeyring.parse({ key: "nope", keyId: "k1" })).toThrow(SecretKeyringError);
    expect(() => SecretKeyring.parse({ key, keyId: "has space" })).toThrow(/SECRETS_ENCRYPTION_KEY_ID/);
    expect(() => SecretKeyring.parse({ key, keyId: "k1", oldKeys: `k1:${key}` })).toThrow(/new id/);
  });
});

describe("the env schema pieces", () => {
  const schema = z.object(secretsEncryptionEnv).superRefine(checkSecretsEncryptionEnv);
  const issues = (env: Record<string, string | undefined>) => {
    const r = schema.safeParse(env);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts a key with its id, old keys optional (empty = unset), and builds the keyring", () => {
    const env = schema.parse({
      SECRETS_ENCRYPTION_KEY: bytes.toString("hex"),
      SECRETS_ENCRYPTION_KEY_ID: "k1",
      SECRETS_ENCRYPTION_OLD_KEYS: "",
    });
    expect(secretKeyringFromEnv(env).keyIds).toEqual(["k1"]);
  });

  it("names each missing or malformed variable, without echoing its value", () => {
    expect(issues({})).toEqual([
      expect.stringMatching(/^SECRETS_ENCRYPTION_KEY: required: 32 random bytes/),
      expect.stringMatching(/^SECRETS_ENCRYPTION_KEY_ID: required/),
    ]);
    const bad = issues({
      SECRETS_ENCRYPTION_KEY: "hunter2",
      SECRETS_ENCRYPTION_KEY_ID: "k1",
      SECRETS_ENCRYPTION_OLD_KEYS: "k0:hunter3",
    });
    expect(bad).toEqual([
      expect.stringMatching(/^SECRETS_ENCRYPTION_KEY: expected 32 random bytes/),
      expect.stringMatching(/^SECRETS_ENCRYPTION_OLD_KEYS: key "k0": expected/),
    ]);
    expect(bad.join()).not.toMatch(/hunter/);
    expect(
      issues({
        SECRETS_ENCRYPTION_KEY: bytes.toString("hex"),
        SECRETS_ENCRYPTION_KEY_ID: "k1",
        SECRETS_ENCRYPTION_OLD_KEYS: `k1:${randomBytes(32).toString("hex")}`,
      }),
    ).toEqual([expect.stringMatching(/^SECRETS_ENCRYPTION_OLD_KEYS: key id "k1" is the current/)]);
  });
});
