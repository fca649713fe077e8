import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const API_KEY_TYPES = ["full", "read_only", "public", "restricted"] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];

export const API_KEY_PREFIXES = Object.freeze({
  full: "sk_",
  read_only: "sk_ro_",
  public: "pk_",
  restricted: "sk_r_",
}) satisfies Record<ApiKeyType, string>;

// sk_ro_ and sk_r_ also start with sk_, so the longest prefix must be tried first.
const PREFIXES_LONGEST_FIRST = (Object.entries(API_KEY_PREFIXES) as [ApiKeyType, string][]).sort(
  (a, b) => b[1].length - a[1].length,
);

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 32; // 32 × log2(62) ≈ 190 bits
const DISPLAY_CHARS = 4;
// The body alphabet has no "_", so "sk_" + body can never be mistaken for "sk_r_…" or "sk_ro_…".
const KEY_FORMAT = /^(sk_ro_|sk_r_|sk_|pk_)[0-9A-Za-z]{32}$/;

export type GeneratedApiKey = { key: string; hash: string; displayPrefix: string };

/**
 * A new key: prefix + 32 base62 characters. Shown to the user once; only `hash` is stored, and
 * `displayPrefix` lets the dashboard tell keys apart without revealing them.
 */
export function generateApiKey(
  type: ApiKeyType,
  random: (n: number) => Uint8Array = randomBytes,
): GeneratedApiKey {
  const prefix = API_KEY_PREFIXES[type];
  const key = prefix + randomBase62(BODY_LENGTH, random);
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, prefix.length + DISPLAY_CHARS) };
}

// Rejection sampling: bytes ≥ 248 (= 4 × 62) are discarded so every character is exactly uniform;
// `byte % 62` alone would make the first 8 characters more likely.
function randomBase62(length: number, random: (n: number) => Uint8Array): string {
  let out = "";
  while (out.length < length) {
    for (const byte of random(length + 8)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * The type of a well-formed key, or null. A strict full-format check means a malformed bearer
 * token is refused without a database lookup (and without hashing attacker-sized input).
 */
export function parseApiKey(raw: string): { type: ApiKeyType } | null {
  if (typeof raw !== "string" || raw.length > 64 || !KEY_FORMAT.test(raw)) return null;
  const type = keyTypeFromPrefix(raw);
  return type ? { type } : null;
}

/** The type whose prefix `value` starts with (a key, a display prefix or a bare prefix), or null. */
export function keyTypeFromPrefix(value: string): ApiKeyType | null {
  for (const [type, prefix] of PREFIXES_LONGEST_FIRST) {
    if (value.startsWith(prefix)) return type;
  }
  return null;
}

/**
 * Hex SHA-256 of the whole key. A fast unsalted hash is right here (unlike passwords): the key
 * carries ~190 random bits, so there is nothing to brute-force, and lookups can be by hash.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export type Operation =
  | "contexts:create"
  | "contexts:read"
  | "contexts:verify"
  | "contexts:erase"
  | "webhooks:manage"
  | "account:read";
export type ContextReadScope = "all" | "public" | "own";
export type VerificationReadScope = "all" | "family";

// The spec's key-type table (its four columns verbatim), with the two operations it does not name:
// erasing data and reading the account's aggregates. Reads are further narrowed by contextReadScope.
const PERMISSIONS: Record<ApiKeyType, Record<Operation, boolean>> = {
  full: {
    "contexts:create": true,
    "contexts:read": true,
    "contexts:verify": true,
    // erasing data (DELETE …/data) is a full key's alone: a restricted key may write, never erase
    "contexts:erase": true,
    "webhooks:manage": true,
    // the account's aggregates (the overview: every context, webhook and delivery counted): keys
    // that read all of the account's contexts
    "account:read": true,
  },
  read_only: {
    "contexts:create": false,
    "contexts:read": true,
    "contexts:verify": true,
    "contexts:erase": false,
    "webhooks:manage": false,
    "account:read": true,
  },
  public: {
    "contexts:create": false,
    "contexts:read": true,
    "contexts:verify": true,
    "contexts:erase": false,
    "webhooks:manage": false,
    "account:read": false,
  },
  restricted: {
    "contexts:create": true,
    "contexts:read": true,
    "contexts:verify": true,
    "contexts:erase": false,
    "webhooks:manage": false,
    "account:read": false,
  },
};

/** Deny by default: an unknown type or operation (say, from an unchecked string) is never allowed. */
export function keyCan(type: ApiKeyType, op: Operation): boolean {
  return Object.hasOwn(PERMISSIONS, type) && Object.hasOwn(PERMISSIONS[type], op) && PERMISSIONS[type][op];
}

/**
 * Which of the owner's contexts a key may read: a public key only those created with
 * visibility "public", a restricted key only those it created itself.
 */
const READ_SCOPE: Record<ApiKeyType, ContextReadScope> = {
  full: "all",
  read_only: "all",
  public: "public",
  restricted: "own",
};

export function contextReadScope(type: ApiKeyType): ContextReadScope {
  // A type string from a bad row must not fall through to some default (or inherited) scope.
  if (!Object.hasOwn(READ_SCOPE, type)) throw new TypeError(`unknown key type: ${String(type)}`);
  return READ_SCOPE[type];
}

/**
 * Which of the owner's verifications a key may read: keys that read all of the account's contexts
 * see all of its verifications; public and restricted keys only those made by their own key family
 * (a verification describes the context it checked).
 */
export function verificationReadScope(type: ApiKeyType): VerificationReadScope {
  const contexts = contextReadScope(type);
  return contexts === "all" ? "all" : "family";
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/**
 * Constant-time equality of two hex strings (e.g. an HMAC from a header against ours). Malformed
 * hex is unequal rather than decoded leniently: Buffer.from("abzz", "hex") silently stops at "zz".
 * Unequal lengths still do one full-length comparison, so only the length (public) is revealed.
 */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (typeof a !== "string" || typeof b !== "string" || !HEX.test(a) || !HEX.test(b)) return false;
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
