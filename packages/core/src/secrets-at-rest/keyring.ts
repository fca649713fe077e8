/**
 * The keys that encrypt secrets at rest (webhook signing secrets), from three variables:
 *
 * - `SECRETS_ENCRYPTION_KEY`: the current key, 32 random bytes as 64 hex characters or as base64
 *   (standard or URL-safe, padding optional): `openssl rand -base64 32`.
 * - `SECRETS_ENCRYPTION_KEY_ID`: its name, stored beside every value it encrypts (1–32 of
 *   `A-Z a-z 0-9 _ -`). A new key gets a new id, never a reused one: the id is how a value finds
 *   its key.
 * - `SECRETS_ENCRYPTION_OLD_KEYS` (optional): `id:key,id:key` — earlier keys, accepted for
 *   decryption only, until `ctxlog secrets reencrypt` has moved every value to the current key.
 */
export const SECRET_KEY_BYTES = 32;
export const SECRET_KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const SECRET_KEY_HINT = `${SECRET_KEY_BYTES} random bytes as 64 hex characters or base64 (openssl rand -base64 32)`;
export const SECRET_KEY_ID_HINT = "1–32 letters, digits, _ or -";

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}={0,1}$/;

/** The key's 32 bytes, or null when `raw` is not 32 bytes in hex or base64. */
export function decodeEncryptionKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (HEX_KEY.test(text)) return Buffer.from(text, "hex");
  if (!BASE64_KEY.test(text) || (/[+/]/.test(text) && /[_-]/.test(text))) return null;
  const key = Buffer.from(text, /[_-]/.test(text) ? "base64url" : "base64");
  return key.length === SECRET_KEY_BYTES ? key : null;
}

export interface OldKey {
  id: string;
  key: Buffer;
}

/** `id:key,id:key` → the keys, or the first problem found (never echoing key material). */
export function parseOldKeys(raw: string): OldKey[] | { problem: string } {
  const keys: OldKey[] = [];
  const entries = raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const [i, entry] of entries.entries()) {
    const colon = entry.indexOf(":");
    const id = colon < 0 ? "" : entry.slice(0, colon);
    if (!SECRET_KEY_ID_PATTERN.test(id)) {
      return { problem: `entry ${i + 1}: expected id:key with an id of ${SECRET_KEY_ID_HINT}` };
    }
    const key = decodeEncryptionKey(entry.slice(colon + 1));
    if (!key) return { problem: `key "${id}": expected ${SECRET_KEY_HINT}` };
    if (keys.some((k) => k.id === id)) return { problem: `key id "${id}" is listed twice` };
    keys.push({ id, key });
  }
  return keys;
}

export class SecretKeyringError extends Error {
  override readonly name = "SecretKeyringError";
}

export interface SecretKeyringInput {
  key: string;
  keyId: string;
  oldKeys?: string;
}

/**
 * The current key (which encrypts) and every key that may decrypt. The key bytes stay in a
 * private field: logging or serialising a keyring shows its ids only.
 */
export class SecretKeyring {
  readonly currentKeyId: string;
  readonly #keys: ReadonlyMap<string, Buffer>;

  private constructor(currentKeyId: string, keys: Map<string, Buffer>) {
    this.currentKeyId = currentKeyId;
    this.#keys = keys;
  }

  /** Throws SecretKeyringError naming the variable at fault (env.ts has reported it already). */
  static parse(input: SecretKeyringInput): SecretKeyring {
    const current = decodeEncryptionKey(input.key);
    if (!current) throw new SecretKeyringError(`SECRETS_ENCRYPTION_KEY: expected ${SECRET_KEY_HINT}`);
    if (!SECRET_KEY_ID_PATTERN.test(input.keyId)) {
      throw new SecretKeyringError(`SECRETS_ENCRYPTION_KEY_ID: expected ${SECRET_KEY_ID_HINT}`);
    }
    const old = parseOldKeys(input.oldKeys ?? "");
    if ("problem" in old) throw new SecretKeyringError(`SECRETS_ENCRYPTION_OLD_KEYS: ${old.problem}`);
    const keys = new Map([[input.keyId, current]]);
    for (const { id, key } of old) {
      if (keys.has(id)) {
        throw new SecretKeyringError(
          `SECRETS_ENCRYPTION_OLD_KEYS: key id "${id}" is the current SECRETS_ENCRYPTION_KEY_ID; give the new key a new id`,
        );
      }
      keys.set(id, key);
    }
    return new SecretKeyring(input.keyId, keys);
  }

  /** Every id this keyring can decrypt, the current one first. */
  get keyIds(): string[] {
    return [...this.#keys.keys()];
  }

  has(keyId: string): boolean {
    return this.#keys.has(keyId);
  }

  /** @internal for sealed-secret.ts */
  keyFor(keyId: string): Buffer | undefined {
    return this.#keys.get(keyId);
  }

  toJSON() {
    return { currentKeyId: this.currentKeyId, keyIds: this.keyIds };
  }
}
