import { createHash } from "node:crypto";
import {
  API_KEY_PREFIXES,
  API_KEY_TYPES,
  type ApiKeyType,
  contextReadScope,
  generateApiKey,
  hashApiKey,
  keyCan,
  keyTypeFromPrefix,
  type Operation,
  parseApiKey,
  timingSafeEqualHex,
  verificationReadScope,
} from "./api-keys";

describe("generateApiKey / parseApiKey", () => {
  it.each([
    ["full", /^sk_[0-9A-Za-z]{32}$/],
    ["read_only", /^sk_ro_[0-9A-Za-z]{32}$/],
    ["public", /^pk_[0-9A-Za-z]{32}$/],
    ["restricted", /^sk_r_[0-9A-Za-z]{32}$/],
  ] as const)("generates a %s key that parses back to its type", (type, format) => {
    const { key, hash, displayPrefix } = generateApiKey(type);
    expect(key).toMatch(format);
    expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(displayPrefix).toBe(key.slice(0, API_KEY_PREFIXES[type].length + 4));
    expect(parseApiKey(key)).toEqual({ type });
  });

  it("does not repeat keys", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey("full").key));
    expect(keys.size).toBe(1000);
  });

  it("uses rejection sampling: bytes 248..255 are skipped, not folded onto 0..7", () => {
    // 248 would be "0" under a plain modulo; the key must come only from the bytes after it.
    const bytes = [248, 255, 0, 61, 62, ...Array.from({ length: 60 }, () => 1)];
    let offset = 0;
    const random = (n: number) => {
      const chunk = Uint8Array.from(bytes.slice(offset, offset + n));
      offset += n;
      return chunk;
    };
    const { key } = generateApiKey("full", random);
    expect(key).toBe(`sk_0z0${"1".repeat(29)}`);
  });

  it("draws characters evenly from all 62 symbols", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const ch of generateApiKey("full").key.slice(3)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const expected = (2000 * 32) / 62; // ≈ 1032
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.2);
  });

  const a32 = "a".repeat(32);
  it.each([
    ["empty", ""],
    ["prefix only", "sk_"],
    ["body too short", `sk_${"a".repeat(31)}`],
    ["body too long", `sk_${"a".repeat(33)}`],
    ["underscore in the body", `sk_a_${"a".repeat(30)}`],
    ["unknown prefix", `rk_${a32}`],
    ["upper-case prefix", `SK_${a32}`],
    ["non-base62 character", `sk_${"a".repeat(31)}-`],
    ["leading space", ` sk_${a32}`],
    ["trailing newline", `sk_${a32}\n`],
    ["scheme included", `Bearer sk_${a32}`],
    ["huge input", `sk_${"a".repeat(10_000)}`],
  ])("rejects a malformed key: %s", (_label, raw) => {
    expect(parseApiKey(raw)).toBeNull();
  });

  it("parses the longest prefix first", () => {
    const body = "A".repeat(32);
    expect(parseApiKey(`sk_${body}`)).toEqual({ type: "full" });
    expect(parseApiKey(`sk_ro_${body}`)).toEqual({ type: "read_only" });
    expect(parseApiKey(`sk_r_${body}`)).toEqual({ type: "restricted" });
    expect(parseApiKey(`pk_${body}`)).toEqual({ type: "public" });
    // A full key whose body happens to start with "ro" or "r" is still a full key.
    expect(parseApiKey(`sk_ro${"A".repeat(30)}`)).toEqual({ type: "full" });
    expect(parseApiKey(`sk_r${"A".repeat(31)}`)).toEqual({ type: "full" });
  });

  it("keyTypeFromPrefix works on bare prefixes and display prefixes", () => {
    expect(keyTypeFromPrefix("sk_")).toBe("full");
    expect(keyTypeFromPrefix("sk_ro_")).toBe("read_only");
    expect(keyTypeFromPrefix("sk_r_Ab12")).toBe("restricted");
    expect(keyTypeFromPrefix("pk_")).toBe("public");
    expect(keyTypeFromPrefix("xk_")).toBeNull();
    expect(keyTypeFromPrefix("sk")).toBeNull();
  });

  it("hashApiKey is hex SHA-256 of the whole key", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("permissions", () => {
  it("is exactly the spec's key-type table", () => {
    const table = Object.fromEntries(
      API_KEY_TYPES.map((type) => [
        type,
        (["contexts:create", "contexts:read", "contexts:verify", "webhooks:manage"] as Operation[]).map(
          (op) => keyCan(type, op),
        ),
      ]),
    );
    expect(table).toEqual({
      full: [true, true, true, true],
      read_only: [false, true, true, false],
      public: [false, true, true, false],
      restricted: [true, true, true, false],
    });
  });

  it("gives erasing data to full keys alone, and the account's aggregates to keys that read all of it", () => {
    expect(API_KEY_TYPES.map((type) => keyCan(type, "contexts:erase"))).toEqual([true, false, false, false]);
    expect(API_KEY_TYPES.map((type) => keyCan(type, "account:read"))).toEqual([true, true, false, false]);
  });

  it("narrows reads per type", () => {
    expect(API_KEY_TYPES.map(contextReadScope)).toEqual(["all", "all", "public", "own"]);
    expect(API_KEY_TYPES.map(verificationReadScope)).toEqual(["all", "all", "family", "family"]);
  });

  it("denies unknown types and operations instead of guessing", () => {
    expect(keyCan("admin" as ApiKeyType, "contexts:read")).toBe(false);
    expect(keyCan("__proto__" as ApiKeyType, "contexts:read")).toBe(false);
    expect(keyCan("full", "toString" as Operation)).toBe(false);
    expect(keyCan("full", "contexts:delete" as Operation)).toBe(false);
    expect(() => contextReadScope("toString" as ApiKeyType)).toThrow(TypeError);
    expect(() => verificationReadScope("toString" as ApiKeyType)).toThrow(TypeError);
  });
});

describe("timingSafeEqualHex", () => {
  const mac = createHash("sha256").update("x").digest("hex");

  it("compares decoded bytes", () => {
    expect(timingSafeEqualHex(mac, mac)).toBe(true);
    expect(timingSafeEqualHex(mac, mac.toUpperCase())).toBe(true);
    expect(timingSafeEqualHex(mac, `${mac.slice(0, -1)}${mac.endsWith("0") ? "1" : "0"}`)).toBe(false);
    expect(timingSafeEqualHex("", "")).toBe(true);
  });

  it("is false for different lengths without throwing", () => {
    expect(timingSafeEqualHex(mac, mac.slice(0, -2))).toBe(false);
    expect(timingSafeEqualHex(mac, `${mac}00`)).toBe(false);
  });

  it("does not decode malformed hex leniently", () => {
    // Buffer.from would read both as the single byte 0xab and call them equal.
    expect(timingSafeEqualHex("abzz", "abyy")).toBe(false);
    expect(timingSafeEqualHex("abc", "abc")).toBe(false);
    expect(timingSafeEqualHex(`0x${mac}`, `0x${mac}`)).toBe(false);
  });
});
