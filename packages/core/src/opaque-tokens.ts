import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// 32 random bytes in base64url: 43 characters, 256 bits. Session cookies, CSRF tokens and
// sign-in link tokens are all of this shape.
const TOKEN_BYTES = 32;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** A new random token (base64url, 256 bits). Shown or sent once; store its `hashOpaqueToken`. */
export function generateOpaqueToken(random: (n: number) => Uint8Array = randomBytes): string {
  return Buffer.from(random(TOKEN_BYTES)).toString("base64url");
}

/** True for a string of a token's exact shape: anything else is refused before any lookup. */
export function isOpaqueToken(raw: unknown): raw is string {
  return typeof raw === "string" && TOKEN_FORMAT.test(raw);
}

/**
 * Hex SHA-256 of a token. Unsalted and fast on purpose, as for API keys: 256 random bits leave
 * nothing to brute-force, and the lookup is by this hash on a unique index.
 */
export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time equality of two strings (a header against a stored token). */
export function timingSafeEqualText(a: string, b: string): boolean {
  const left = createHash("sha256").update(a, "utf8").digest();
  const right = createHash("sha256").update(b, "utf8").digest();
  // equal digests of fixed length: the comparison time says nothing about either input
  return timingSafeEqual(left, right) && a.length === b.length;
}
