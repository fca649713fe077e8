import secp256k1 from "secp256k1";
import type { Hex } from "viem";
import { keccak256Bytes } from "./keccak";

// `secp256k1` loads libsecp256k1 as a prebuilt native addon (linux-x64, darwin-arm64, win32-x64
// ship in the npm package; elsewhere its install script, allowed in the root package.json, builds it
// when a compiler is there) and falls back to a pure-JS curve otherwise (`secp256k1Backend`). Native: ~87 µs a signature here, against ~265 µs for libsecp256k1 in WebAssembly
// and ~800 µs for viem's JS curve; all RFC 6979 deterministic and low-s, so byte-identical.

const EIP191_PREFIX = new TextEncoder().encode("\x19Ethereum Signed Message:\n32");

// reused call after call: the hash is written after the prefix, and keccak reads it at once
const EIP191_MESSAGE = Buffer.alloc(EIP191_PREFIX.length + 32);
EIP191_MESSAGE.set(EIP191_PREFIX);

/** keccak256("\x19Ethereum Signed Message:\n32" ‖ hash): what an EIP-191 signature over 32 raw bytes signs. */
export function eip191Digest(hash32: Hex): Uint8Array {
  const message = EIP191_MESSAGE;
  // Buffer's hex decoding is native (viem's hexToBytes parses in JS, ~1 µs a hash); it stops at
  // the first non-hex character, so a short write means a malformed hash.
  if (hash32.length !== 66 || message.write(hash32.slice(2), EIP191_PREFIX.length, "hex") !== 32) {
    throw new TypeError(`not 32 bytes of 0x-hex: ${String(hash32).slice(0, 80)}`);
  }
  return keccak256Bytes(message);
}

// The native call writes each signature here; it is read out as hex before the next call (the
// event loop runs one at a time), so one buffer serves every signature of the process.
const signatureOut = Buffer.alloc(64);
const NO_OPTIONS = {};

/**
 * An Ethereum signature of a 32-byte digest as 0x-hex: r ‖ s ‖ v (65 bytes), v = 27 + recovery id,
 * the format viem's sign/signMessage/signTypedData give.
 */
export function signDigestHex(digest: Uint8Array, privateKey: Uint8Array): Hex {
  const { recid } = secp256k1.ecdsaSign(digest, privateKey, NO_OPTIONS, signatureOut);
  return `0x${signatureOut.toString("hex")}${(27 + recid).toString(16)}`;
}

/** The uncompressed public key (65 bytes) that made `signature64` over `digest`, or null. */
export function recoverPublicKey(
  digest: Uint8Array,
  signature64: Uint8Array,
  recoveryId: number,
): Uint8Array | null {
  try {
    return secp256k1.ecdsaRecover(signature64, recoveryId, digest, false);
  } catch {
    return null;
  }
}

/**
 * Which curve `secp256k1` loaded: the native addon, or its pure-JS fallback (elliptic, several
 * times slower). `npm start` and the API's start-up log say so when it is the fallback.
 */
export function secp256k1Backend(): "native" | "javascript" {
  try {
    // the package's own entry tries exactly this and falls back to ./elliptic when it throws
    require("secp256k1/bindings");
    return "native";
  } catch {
    return "javascript";
  }
}
