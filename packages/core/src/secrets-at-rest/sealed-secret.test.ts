import { randomBytes } from "node:crypto";
import { SecretKeyring } from "./keyring";
import { needsResealing, openSecret, SecretDecryptionError, sealSecret } from "./sealed-secret";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("hex");
const ringA = SecretKeyring.parse({ key: keyA, keyId: "a" });
const secret = `whsec_${randomBytes(32).toString("base64")}`;

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
};

describe("sealed secrets (AES-256-GCM)", () => {
  it("round-trips, in a versioned format that carries neither the secret nor the key", () => {
    const sealed = sealSecret(ringA, secret, "whk_1");
    expect(sealed.keyId).toBe("a");
    expect(sealed.value).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed.value).not.toContain(secret.slice(6, 20));
    expect(openSecret(ringA, sealed, "whk_1")).toBe(secret);
    expect(openSecret(ringA, sealSecret(ringA, "ünïcode secret", "whk_1"), "whk_1")).toBe("ünïcode secret");
  });

  it("uses a fresh IV per value: sealing twice gives two different values", () => {
    const one = sealSecret(ringA, secret, "whk_1").value;
    const two = sealSecret(ringA, secret, "whk_1").value;
    expect(one).not.toBe(two);
    expect(one.split(".")[1]).not.toBe(two.split(".")[1]);
  });

  it("never hands out an unsealed value: a plaintext under a key id is malformed", () => {
    expect(() => openSecret(ringA, { value: secret, keyId: "a" }, "whk_1")).toThrow(
      expect.objectContaining({ reason: "malformed" }),
    );
    expect(needsResealing(ringA, sealSecret(ringA, secret, "whk_1"))).toBe(false);
  });

  const flipFirst = (part: string) => `${part[0] === "A" ? "B" : "A"}${part.slice(1)}`;
  const tamperPart = (index: number) => (v: string) =>
    v
      .split(".")
      .map((p, i) => (i === index ? flipFirst(p) : p))
      .join(".");

  it.each([
    ["a changed IV", tamperPart(1)],
    ["a changed ciphertext", tamperPart(2)],
    ["a changed tag", tamperPart(3)],
  ])("refuses %s (authentication fails)", (_name, tamper) => {
    const sealed = sealSecret(ringA, secret, "whk_1");
    const changed = { ...sealed, value: tamper(sealed.value) };
    expect(changed.value).not.toBe(sealed.value);
    const err = failure(() => openSecret(ringA, changed, "whk_1"));
    expect(err).toBeInstanceOf(SecretDecryptionError);
    expect(err).toMatchObject({ reason: "authentication_failed", keyId: "a" });
  });

  it.each([
    ["another version", (v: string) => v.replace(/^v1/, "v2")],
    ["a missing part", (v: string) => v.split(".").slice(0, 3).join(".")],
    ["a short IV", (v: string) => v.replace(/^v1\.[^.]+/, "v1.AAAA")],
    ["plaintext under a key id", () => secret],
  ])("refuses %s as malformed", (_name, tamper) => {
    const sealed = sealSecret(ringA, secret, "whk_1");
    expect(
      failure(() => openSecret(ringA, { ...sealed, value: tamper(sealed.value) }, "whk_1")),
    ).toMatchObject({
      reason: "malformed",
    });
  });

  it("binds the value to its webhook: another owner id cannot open it (AAD mismatch)", () => {
    const sealed = sealSecret(ringA, secret, "whk_1");
    expect(failure(() => openSecret(ringA, sealed, "whk_2"))).toMatchObject({
      reason: "authentication_failed",
    });
  });

  it("names an unknown key id, and never prints the key or the value", () => {
    const sealed = sealSecret(ringA, secret, "whk_1");
    const ringB = SecretKeyring.parse({ key: keyB, keyId: "b" });
    const err = failure(() => openSecret(ringB, sealed, "whk_1")) as SecretDecryptionError;
    expect(err).toMatchObject({ reason: "unknown_key_id", keyId: "a", owner: "whk_1" });
    expect(err.message).toContain('key id "a"');
    for (const text of [keyA, keyB, secret, sealed.value]) expect(err.message).not.toContain(text);
  });

  it("a key id relabelled onto another key fails to authenticate", () => {
    const sealed = sealSecret(ringA, secret, "whk_1");
    const impostor = SecretKeyring.parse({ key: keyB, keyId: "a" });
    expect(failure(() => openSecret(impostor, sealed, "whk_1"))).toMatchObject({
      reason: "authentication_failed",
    });
  });

  it("rotation: a keyring with a new current key still opens values of its old keys, and seals under the new one", () => {
    const old = sealSecret(ringA, secret, "whk_1");
    const rotated = SecretKeyring.parse({ key: keyB, keyId: "b", oldKeys: `a:${keyA}` });
    expect(openSecret(rotated, old, "whk_1")).toBe(secret);
    expect(needsResealing(rotated, old)).toBe(true);
    const resealed = sealSecret(rotated, openSecret(rotated, old, "whk_1"), "whk_1");
    expect(resealed.keyId).toBe("b");
    expect(needsResealing(rotated, resealed)).toBe(false);
    // once the old key is gone from the configuration, only resealed values open
    const newOnly = SecretKeyring.parse({ key: keyB, keyId: "b" });
    expect(openSecret(newOnly, resealed, "whk_1")).toBe(secret);
    expect(failure(() => openSecret(newOnly, old, "whk_1"))).toMatchObject({ reason: "unknown_key_id" });
  });
});
