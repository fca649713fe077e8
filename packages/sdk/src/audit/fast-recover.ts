// Signature recovery is most of an audit's work: viem's JavaScript curve takes ~1.4 ms a signature
// on small machines, libsecp256k1 (the optional `secp256k1` dependency: a prebuilt native addon)
// a tenth of that. Used when it loads; viem otherwise, with the same answers.
import { bytesToHex, getAddress, type Hex, hexToBytes, recoverAddress } from "viem";
import { keccak256Bytes, keccak256Hex } from "../keccak";

interface NativeSecp256k1 {
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
}

let native: NativeSecp256k1 | null | undefined;
function loadNative(): NativeSecp256k1 | null {
  if (native === undefined) {
    try {
      native = require("secp256k1") as NativeSecp256k1;
    } catch {
      native = null;
    }
  }
  return native;
}

const EIP191_PREFIX = new TextEncoder().encode("\x19Ethereum Signed Message:\n32");

/** keccak256("\x19Ethereum Signed Message:\n32" ‖ hash): what EIP-191 signs for 32 raw bytes (viem's hashMessage({ raw })). */
export function eip191Digest(hash: Hex): Uint8Array {
  const bytes = hexToBytes(hash);
  if (bytes.length !== 32) throw new TypeError("the signed hash must be 32 bytes");
  const message = new Uint8Array(EIP191_PREFIX.length + 32);
  message.set(EIP191_PREFIX);
  message.set(bytes, EIP191_PREFIX.length);
  return keccak256Bytes(message);
}

/** The address that signed the 32 raw bytes `hash` with EIP-191 (as viem's recoverMessageAddress). */
export function recoverRawMessageSigner(hash: Hex, signature: Hex): Promise<string> {
  return recoverDigestSigner(eip191Digest(hash), signature);
}

// A log is signed by one or two keys: the address of each public key seen last is kept, which
// saves two keccaks (the address and its checksum) per signature.
const recentKeys: { publicKey: Uint8Array; address: string }[] = [];
const sameBytes = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return a.length === b.length;
};
function addressOf(publicKey: Uint8Array): string {
  const known = recentKeys.find((k) => sameBytes(k.publicKey, publicKey));
  if (known) return known.address;
  const address = getAddress(`0x${keccak256Hex(publicKey.subarray(1)).slice(-40)}`);
  recentKeys.unshift({ publicKey, address });
  if (recentKeys.length > 4) recentKeys.pop();
  return address;
}

/** The address that signed the 32-byte `digest` (an EIP-191 or EIP-712 digest). */
export async function recoverDigestSigner(digest: Uint8Array | Hex, signature: Hex): Promise<string> {
  const lib = loadNative();
  const bytes = hexToBytes(signature);
  const digestBytes = typeof digest === "string" ? hexToBytes(digest) : digest;
  if (!lib || bytes.length !== 65) return recoverAddress({ hash: bytesToHex(digestBytes), signature });
  const v = bytes[64] as number;
  const recid = v >= 27 ? v - 27 : v;
  if (recid !== 0 && recid !== 1) throw new Error(`invalid signature recovery byte ${v}`);
  return addressOf(lib.ecdsaRecover(bytes.subarray(0, 64), recid, digestBytes, false));
}
