// SHA-256 and Ed25519, the formats' only primitives, in one place: Node's crypto where it runs
// (native: about twice as fast for the sequencer's many small hashes), @noble's audited pure
// JavaScript where a bundler stubs `node:crypto` out — a browser, where the console runs the SDK's
// agent audit. Both give the same bytes; Ed25519 verification is RFC 8032's strict rule on both
// (noble with zip215 off, as OpenSSL).
import * as nodeCrypto from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2";

/** Node's crypto, or null where it is a bundler's empty stand-in (reading it may even throw). */
function nativeCrypto(): typeof nodeCrypto | null {
  try {
    return typeof nodeCrypto.createHash === "function" ? nodeCrypto : null;
  } catch {
    return null;
  }
}
const native = nativeCrypto();

// RFC 8410: an Ed25519 private key in PKCS #8 is this prefix then the 32-byte seed; a public key in
// SPKI this prefix then its 32 bytes (Buffer is used only on Node's path: browsers have none)
const PKCS8_ED25519_PREFIX = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
);
const SPKI_ED25519_PREFIX = Uint8Array.of(
  0x30,
  0x2a,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x03,
  0x21,
  0x00,
);

const joined = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** The seed as Node's private key object (PKCS #8). */
const nodePrivateKey = (crypto: typeof nodeCrypto, seed: Uint8Array) =>
  crypto.createPrivateKey({
    key: Buffer.from(joined(PKCS8_ED25519_PREFIX, seed)),
    format: "der",
    type: "pkcs8",
  });

/** SHA-256 of the parts, one after the other. */
export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  if (native) {
    const hash = native.createHash("sha256");
    for (const part of parts) hash.update(part);
    return new Uint8Array(hash.digest());
  }
  const hash = nobleSha256.create();
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** 32 random bytes (a new key's seed). */
export function randomSeed(): Uint8Array {
  if (native) return new Uint8Array(native.randomBytes(32));
  return globalThis.crypto.getRandomValues(new Uint8Array(32));
}

/** The Ed25519 public key of a 32-byte seed. */
export function ed25519PublicKeyOf(seed: Uint8Array): Uint8Array {
  if (!native) return ed25519.getPublicKey(seed);
  const spki = native.createPublicKey(nodePrivateKey(native, seed)).export({ format: "der", type: "spki" });
  return new Uint8Array(spki.subarray(SPKI_ED25519_PREFIX.length));
}

/** An Ed25519 signature of `message` by the key of a 32-byte seed. */
export function ed25519SignWithSeed(seed: Uint8Array, message: Uint8Array): Uint8Array {
  if (!native) return ed25519.sign(message, seed);
  return new Uint8Array(native.sign(null, message, nodePrivateKey(native, seed)));
}

/** Whether `signature` (64 bytes) is a valid Ed25519 signature of `message` by a 32-byte key. */
export function ed25519VerifyRaw(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    if (!native) return ed25519.verify(signature, message, publicKey, { zip215: false });
    const key = native.createPublicKey({
      key: Buffer.from(joined(SPKI_ED25519_PREFIX, publicKey)),
      format: "der",
      type: "spki",
    });
    return native.verify(null, message, key, signature);
  } catch {
    // a key that will not load verifies nothing: the note is refused as unsigned by it
    return false;
  }
}
