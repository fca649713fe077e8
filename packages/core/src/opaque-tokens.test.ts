import { createHash } from "node:crypto";
import { generateOpaqueToken, hashOpaqueToken, isOpaqueToken, timingSafeEqualText } from "./opaque-tokens";

describe("opaque tokens", () => {
  it("are 43 base64url characters (256 bits), different every time", () => {
    const a = generateOpaqueToken();
    const b = generateOpaqueToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(isOpaqueToken(a)).toBe(true);
  });

  it.each([[""], ["short"], ["x".repeat(44)], [`${"a".repeat(42)}=`], [`${"a".repeat(42)}/`], [42]])(
    "refuses a value of another shape (%p)",
    (raw) => expect(isOpaqueToken(raw)).toBe(false),
  );

  it("hashes with SHA-256 (hex)", () => {
    const t = generateOpaqueToken();
    expect(hashOpaqueToken(t)).toBe(createHash("sha256").update(t).digest("hex"));
  });

  it("compares in constant time, equal only when equal", () => {
    const t = generateOpaqueToken();
    expect(timingSafeEqualText(t, `${t}`)).toBe(true);
    expect(timingSafeEqualText(t, generateOpaqueToken())).toBe(false);
    expect(timingSafeEqualText(t, "")).toBe(false);
  });
});
