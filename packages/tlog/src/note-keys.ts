import { concatBytes, fromBase64, readUint32, sha256, toBase64, utf8Bytes } from "./bytes";
import { ed25519PublicKeyOf, ed25519SignWithSeed, ed25519VerifyRaw, randomSeed } from "./crypto";
import { TlogError } from "./errors";

/**
 * C2SP signed-note keys. A key is a name, a signature type byte and the public key; its key ID is
 * the first 4 bytes of SHA-256(name ‖ 0x0A ‖ type ‖ public key). Keys travel as strings in Go's
 * sumdb/note forms:
 *   verifier key  <name>+<8 hex digits of the key ID>+base64(type ‖ public key)
 *   signer key    PRIVATE+KEY+<name>+<key ID hex>+base64(type ‖ 32-byte Ed25519 seed)
 */
export const SIGNATURE_TYPE = Object.freeze({
  /** Ed25519 over the note text (signed-note): a log's checkpoint signature */
  ed25519: 0x01,
  /** timestamped Ed25519 cosignature/v1 (tlog-cosignature): a witness's */
  cosignatureV1: 0x04,
});
export type SignatureType = (typeof SIGNATURE_TYPE)[keyof typeof SIGNATURE_TYPE];

const KNOWN_TYPES: readonly number[] = Object.values(SIGNATURE_TYPE);
/** Longer than any Ed25519 key string with a sane name: longer strings are refused unparsed. */
export const MAX_KEY_STRING_LENGTH = 1024;

/** Non-empty, no Unicode white space (Go's unicode.IsSpace is the White_Space property), no "+". */
export function isValidKeyName(name: string): boolean {
  return (
    typeof name === "string" && name.length > 0 && !/[\p{White_Space}+]/u.test(name) && !/\p{Cs}/u.test(name)
  );
}

export function keyId(name: string, type: number, publicKey: Uint8Array): number {
  return readUint32(sha256(utf8Bytes(`${name}\n`), new Uint8Array([type]), publicKey), 0);
}

export type NoteVerifierKey = { name: string; keyId: number; type: SignatureType; publicKey: Uint8Array };
export type NoteSignerKey = NoteVerifierKey & { seed: Uint8Array };

const hex8 = (id: number): string => id.toString(16).padStart(8, "0");

export function formatVerifierKey(key: NoteVerifierKey): string {
  return `${key.name}+${hex8(key.keyId)}+${toBase64(concatBytes(new Uint8Array([key.type]), key.publicKey))}`;
}

export function formatSignerKey(key: NoteSignerKey): string {
  return `PRIVATE+KEY+${key.name}+${hex8(key.keyId)}+${toBase64(concatBytes(new Uint8Array([key.type]), key.seed))}`;
}

function parseKeyParts(
  name: string,
  idHex: string,
  b64: string,
  what: string,
): { type: SignatureType; material: Uint8Array; id: number } {
  if (!isValidKeyName(name)) throw new TlogError("malformed", `${what} has an invalid key name`);
  if (!/^[0-9a-f]{8}$/.test(idHex))
    throw new TlogError("malformed", `${what} key ID is not 8 lowercase hex digits`);
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(b64, `${what} key`);
  } catch (cause) {
    throw new TlogError("malformed", `${what} key is not base64`, { cause });
  }
  const type = bytes[0];
  if (type === undefined || !KNOWN_TYPES.includes(type)) {
    throw new TlogError("malformed", `${what} has an unknown signature type`, { details: `type ${type}` });
  }
  const material = bytes.subarray(1);
  if (material.length !== 32)
    throw new TlogError("malformed", `${what} key is not 32 bytes`, { details: `${material.length} bytes` });
  return { type: type as SignatureType, material, id: Number.parseInt(idHex, 16) };
}

/** The first count − 1 "+"-separated fields, then the rest (which may hold "+"); null when too few. */
function splitPlus(text: string, count: number): string[] | null {
  const fields: string[] = [];
  let rest = text;
  while (fields.length < count - 1) {
    const at = rest.indexOf("+");
    if (at < 0) return null;
    fields.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  fields.push(rest);
  return fields;
}

/** Parses a verifier key string, checking its key ID against its name and key. */
export function parseVerifierKey(vkey: string): NoteVerifierKey {
  if (typeof vkey !== "string" || vkey.length > MAX_KEY_STRING_LENGTH)
    throw new TlogError("too_large", "verifier key is too long");
  // the base64 key may hold "+" itself: it is all that follows the second "+"
  const parts = splitPlus(vkey, 3);
  if (!parts) throw new TlogError("malformed", "verifier key is not name+keyid+key");
  const [name, idHex, b64] = parts as [string, string, string];
  const { type, material, id } = parseKeyParts(name, idHex, b64, "verifier key");
  if (keyId(name, type, material) !== id)
    throw new TlogError("malformed", "verifier key ID does not match its name and key");
  return { name, keyId: id, type, publicKey: new Uint8Array(material) };
}

/** Parses a signer key string (Go's note.GenerateKey form), deriving its public key. */
export function parseSignerKey(skey: string): NoteSignerKey {
  if (typeof skey !== "string" || skey.length > MAX_KEY_STRING_LENGTH)
    throw new TlogError("too_large", "signer key is too long");
  const [privateWord, keyWord, name, idHex, b64] = splitPlus(skey, 5) ?? [];
  if (
    privateWord !== "PRIVATE" ||
    keyWord !== "KEY" ||
    name === undefined ||
    idHex === undefined ||
    b64 === undefined
  ) {
    throw new TlogError("malformed", "signer key is not PRIVATE+KEY+name+keyid+key");
  }
  const { type, material, id } = parseKeyParts(name, idHex, b64, "signer key");
  const key = signerKeyFromSeed(name, material, type);
  // the message names no secret: the key ID is public, the seed is not printed
  if (key.keyId !== id) throw new TlogError("malformed", "signer key ID does not match its name and key");
  return key;
}

export function signerKeyFromSeed(
  name: string,
  seed: Uint8Array,
  type: SignatureType = SIGNATURE_TYPE.ed25519,
): NoteSignerKey {
  if (!isValidKeyName(name))
    throw new TlogError("invalid_argument", "invalid key name", { details: JSON.stringify(name) });
  if (seed.length !== 32) throw new TlogError("invalid_argument", "an Ed25519 seed is 32 bytes");
  const publicKey = ed25519PublicKeyOf(seed);
  return { name, keyId: keyId(name, type, publicKey), type, publicKey, seed: new Uint8Array(seed) };
}

/** A new key pair as strings, as Go's note.GenerateKey writes them. */
export function generateNoteKey(
  name: string,
  type: SignatureType = SIGNATURE_TYPE.ed25519,
): { signerKey: string; verifierKey: string } {
  const key = signerKeyFromSeed(name, randomSeed(), type);
  return { signerKey: formatSignerKey(key), verifierKey: formatVerifierKey(key) };
}

export function ed25519Sign(seed: Uint8Array, message: Uint8Array): Uint8Array {
  if (seed.length !== 32) throw new TlogError("invalid_argument", "an Ed25519 seed is 32 bytes");
  return ed25519SignWithSeed(seed, message);
}

export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  return ed25519VerifyRaw(publicKey, message, signature);
}
