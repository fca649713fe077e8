// Signature recovery is most of an audit's work: viem's JavaScript curve takes ~1.4 ms a signature
// on small machines, libsecp256k1 (the optional `secp256k1` dependency: a prebuilt native addon)
// a tenth of that. Used when it loads; viem otherwise, with the same answers.
import { getAddress, type Hex, hashMessage, hexToBytes, keccak256, recoverAddress } from "viem";

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

/** The address that signed the 32 raw bytes `hash` with EIP-191 (as viem's recoverMessageAddress). */
export function recoverRawMessageSigner(hash: Hex, signature: Hex): Promise<string> {
  return recoverDigestSigner(hashMessage({ raw: hash }), signature);
}

/** The address that signed the 32-byte `digest` (an EIP-191 or EIP-712 digest). */
export async function recoverDigestSigner(digest: Hex, signature: Hex): Promise<string> {
  const lib = loadNative();
  const bytes = hexToBytes(signature);
  if (!lib || bytes.length !== 65) return recoverAddress({ hash: digest, signature });
  const v = bytes[64] as number;
  const recid = v >= 27 ? v - 27 : v;
  if (recid !== 0 && recid !== 1) throw new Error(`invalid signature recovery byte ${v}`);
  const publicKey = lib.ecdsaRecover(bytes.subarray(0, 64), recid, hexToBytes(digest), false);
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
}
