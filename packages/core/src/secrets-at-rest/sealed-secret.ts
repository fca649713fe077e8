import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { SecretKeyring } from "./keyring";

/**
 * Secrets at rest: AES-256-GCM, a fresh 96-bit IV per value, and as associated data the format
 * version, the key id and the owner's id (the webhook id), so a value copied to another row, or
 * relabelled with another key id, fails to decrypt instead of signing for someone else.
 *
 * Stored value: `v1.<iv>.<ciphertext>.<tag>` (base64url, no padding); the key id is stored beside
 * it, in a column of its own. Every stored value is sealed: the plaintext ones written before
 * encryption existed were sealed by the data step sealed_secrets (packages/db), and no reader keeps
 * that form.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]*$/;

export interface StoredSecret {
  value: string;
  /** the id of the key it is sealed under */
  keyId: string;
}

/** A value sealed here: the form every stored secret has. */
export type SealedSecret = StoredSecret;

export type SecretOpenFailure = "unknown_key_id" | "malformed" | "authentication_failed";

/** A stored secret that cannot be opened; the message names the key id, never key or value. */
export class SecretDecryptionError extends Error {
  override readonly name = "SecretDecryptionError";
  constructor(
    readonly reason: SecretOpenFailure,
    readonly keyId: string,
    readonly owner: string,
  ) {
    super(
      reason === "unknown_key_id"
        ? `the secret of ${owner} is encrypted under key id "${keyId}", which is neither SECRETS_ENCRYPTION_KEY_ID nor in SECRETS_ENCRYPTION_OLD_KEYS`
        : reason === "malformed"
          ? `the secret of ${owner} (key id "${keyId}") is not a ${VERSION} encrypted value`
          : `the secret of ${owner} does not decrypt under key id "${keyId}": a different key under that id, or a changed value`,
    );
  }
}

function associatedData(keyId: string, owner: string): Buffer {
  if (!owner) throw new TypeError("a sealed secret needs its owner's id");
  return Buffer.from(`${VERSION}.${keyId}.${owner}`, "utf8");
}

/** Encrypts `plaintext` under the keyring's current key, bound to `owner` (the webhook id). */
export function sealSecret(keyring: SecretKeyring, plaintext: string, owner: string): SealedSecret {
  const keyId = keyring.currentKeyId;
  const key = keyring.keyFor(keyId);
  if (!key) throw new Error("keyring without its current key");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(keyId, owner));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString("base64url"));
  return { value: [VERSION, ...parts].join("."), keyId };
}

/** The plaintext of a stored secret; throws SecretDecryptionError. */
export function openSecret(keyring: SecretKeyring, stored: StoredSecret, owner: string): string {
  const key = keyring.keyFor(stored.keyId);
  if (!key) throw new SecretDecryptionError("unknown_key_id", stored.keyId, owner);
  const parts = stored.value.split(".");
  const [version, iv, ciphertext, tag] = parts.map((p, i) => (i === 0 ? p : Buffer.from(p, "base64url")));
  if (
    parts.length !== 4 ||
    version !== VERSION ||
    !parts.slice(1).every((p) => B64URL.test(p)) ||
    !(iv instanceof Buffer && iv.length === IV_BYTES) ||
    !(tag instanceof Buffer && tag.length === TAG_BYTES) ||
    !(ciphertext instanceof Buffer)
  ) {
    throw new SecretDecryptionError("malformed", stored.keyId, owner);
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(stored.keyId, owner));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError("authentication_failed", stored.keyId, owner);
  }
}

/** Whether a stored secret is sealed under another key than the current one. */
export function needsResealing(keyring: SecretKeyring, stored: StoredSecret): boolean {
  return stored.keyId !== keyring.currentKeyId;
}
