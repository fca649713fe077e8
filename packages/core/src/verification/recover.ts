import { type Address, getAddress, type Hex, hexToBytes } from "viem";
import { type ReceiptFields, receiptDigest } from "../chain-entry";
import { keccak256Hex } from "../keccak";
import { eip191Digest, recoverPublicKey } from "../secp256k1";
import { recoverContextSigner } from "../signing";

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const SIG65 = /^0x[0-9a-fA-F]{130}$/;

/**
 * The address whose EIP-191 signature over the 32 bytes of `contextHash` this is — the same answer
 * as recoverContextSigner (viem), computed with native libsecp256k1 (see secp256k1.ts) instead of
 * viem's ~7 ms of CPU here, which was most of a verification's own work. Signatures of another shape go to
 * viem. Throws on a signature that recovers nothing.
 */
export async function recoverContextSignerFast(contextHash: Hex, signature: Hex): Promise<Address> {
  if (!HASH32.test(contextHash)) throw new TypeError("context hash must be 32 bytes of 0x-hex");
  if (!SIG65.test(signature)) return recoverContextSigner(contextHash, signature);
  return recoverDigestSigner(eip191Digest(contextHash), signature);
}

/**
 * The address whose EIP-712 signature of this Receipt (a context's one signature since receipts
 * became it) this is: viem's recoverTypedDataAddress, natively. Throws on a malformed signature.
 */
export function recoverReceiptSignerFast(fields: ReceiptFields, signature: Hex): Address {
  return recoverDigestSigner(receiptDigest(fields), signature);
}

/**
 * The address whose signature (r ‖ s ‖ v, 65 bytes; v 27/28 or 0/1) of this 32-byte digest this is.
 * Throws on any other shape (an EIP-2098 64-byte compact signature included) or a signature that
 * recovers nothing.
 */
export function recoverDigestSigner(digest: Uint8Array, signature: Hex): Address {
  if (!SIG65.test(signature)) throw new TypeError("signature must be 65 bytes of 0x-hex");
  const bytes = hexToBytes(signature);
  const v = bytes[64] as number;
  const recoveryId = v >= 27 ? v - 27 : v;
  if (recoveryId !== 0 && recoveryId !== 1) throw new RangeError(`invalid signature recovery byte ${v}`);
  const publicKey = recoverPublicKey(digest, bytes.subarray(0, 64), recoveryId);
  if (!publicKey) throw new RangeError("the signature recovers no public key");
  return getAddress(`0x${keccak256Hex(publicKey.subarray(1)).slice(-40)}`);
}
