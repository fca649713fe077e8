import { concatBytes, readUint64, uint64Bytes, utf8Bytes } from "./bytes";
import { TlogError } from "./errors";
import {
  ed25519Sign,
  ed25519Verify,
  type NoteSignerKey,
  type NoteVerifierKey,
  parseSignerKey,
  parseVerifierKey,
  SIGNATURE_TYPE,
} from "./note-keys";

/**
 * What signs and checks a note's text, by key type. A log's key (type 0x01) signs the note text
 * with Ed25519. A witness's (type 0x04, C2SP tlog-cosignature) signs
 *   "cosignature/v1\n" "time <POSIX seconds>\n" ‖ note text
 * and its signature is the 8-byte big-endian timestamp then the 64-byte Ed25519 signature.
 */
export type NoteVerifier = {
  name: string;
  keyId: number;
  verify(text: Uint8Array, signature: Uint8Array): boolean;
};
export type NoteSigner = { name: string; keyId: number; sign(text: Uint8Array): Uint8Array };

/** tlog-cosignature: a timestamp MUST NOT exceed 2^63 − 1. */
export const MAX_COSIGNATURE_TIMESTAMP = 2n ** 63n - 1n;
const COSIGNATURE_SIZE = 8 + 64;

export function cosignedMessage(timestamp: bigint, text: Uint8Array): Uint8Array {
  return concatBytes(utf8Bytes(`cosignature/v1\ntime ${timestamp}\n`), text);
}

/** The time a cosignature states (seconds), or null when it is not a cosignature/v1 signature's size. */
export function cosignatureTimestamp(signature: Uint8Array): bigint | null {
  if (signature.length !== COSIGNATURE_SIZE) return null;
  return readUint64(signature, 0);
}

export function noteVerifier(key: NoteVerifierKey | string): NoteVerifier {
  const k = typeof key === "string" ? parseVerifierKey(key) : key;
  if (k.type === SIGNATURE_TYPE.ed25519) {
    return {
      name: k.name,
      keyId: k.keyId,
      verify: (text, signature) => ed25519Verify(k.publicKey, text, signature),
    };
  }
  return {
    name: k.name,
    keyId: k.keyId,
    verify: (text, signature) => {
      const timestamp = cosignatureTimestamp(signature);
      if (timestamp === null || timestamp > MAX_COSIGNATURE_TIMESTAMP) return false;
      return ed25519Verify(k.publicKey, cosignedMessage(timestamp, text), signature.subarray(8));
    },
  };
}

/**
 * A signer for a key (string or parsed). A cosigner signs at `now()` (seconds since the epoch;
 * the clock by default), which its signature carries.
 */
export function noteSigner(
  key: NoteSignerKey | string,
  now: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
): NoteSigner {
  const k = typeof key === "string" ? parseSignerKey(key) : key;
  if (k.type === SIGNATURE_TYPE.ed25519) {
    return { name: k.name, keyId: k.keyId, sign: (text) => ed25519Sign(k.seed, text) };
  }
  return {
    name: k.name,
    keyId: k.keyId,
    sign: (text) => {
      const timestamp = now();
      if (timestamp < 0n || timestamp > MAX_COSIGNATURE_TIMESTAMP) {
        throw new TlogError("invalid_argument", "cosignature timestamp out of range", {
          details: String(timestamp),
        });
      }
      return concatBytes(uint64Bytes(timestamp), ed25519Sign(k.seed, cosignedMessage(timestamp, text)));
    },
  };
}
