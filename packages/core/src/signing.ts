import {
  type Address,
  type Hex,
  hashTypedData,
  hexToBytes,
  recoverMessageAddress,
  type TypedData,
  type TypedDataDefinition,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type ReceiptFields, signReceiptDigest } from "./chain-entry";
import { eip191Digest, signDigestHex } from "./secp256k1";

export type ContextSigner = {
  readonly address: Address;
  sign(contextHash: Hex): Promise<Hex>;
  /** EIP-712 signature over a receipt (see chain-entry.ts) */
  signReceipt(fields: ReceiptFields): Hex;
  /**
   * EIP-712 signature over any other typed data the service attests (an evidence pack's manifest),
   * as viem's account.signTypedData makes it: the one holder of the attestation key signs them all.
   */
  signTypedData<const T extends TypedData | Record<string, unknown>, P extends keyof T | "EIP712Domain">(
    data: TypedDataDefinition<T, P>,
  ): Hex;
};

// The EIP-191 prefix commits to the message length ("\x19Ethereum Signed Message:\n32"), so a hash
// of any other size would silently produce a signature over a different statement.
const HASH32 = /^0x[0-9a-fA-F]{64}$/;

function assertHash32(contextHash: Hex): void {
  if (typeof contextHash !== "string" || !HASH32.test(contextHash)) {
    throw new TypeError(`context hash must be 32 bytes of 0x-hex, got ${String(contextHash).slice(0, 80)}`);
  }
}

/**
 * Builds the signer once, at start-up. Signing runs on the API's hot path, so it uses native
 * libsecp256k1 (see secp256k1.ts): byte-identical to viem's output (the signing tests compare
 * them), several times faster. The private key stays inside this closure.
 */
export function createContextSigner(privateKey: Hex): ContextSigner {
  const address = privateKeyToAccount(privateKey).address;
  const key = hexToBytes(privateKey);
  return {
    address,
    sign(contextHash) {
      assertHash32(contextHash);
      // `raw` signs the 32 bytes, not their 66-character hex text, so on-chain code can check it
      // with OpenZeppelin's MessageHashUtils.toEthSignedMessageHash(bytes32) + ECDSA.recover, and
      // ethers users with verifyMessage(getBytes(hash), sig).
      return Promise.resolve(signDigestHex(eip191Digest(contextHash), key));
    },
    signReceipt(fields) {
      return signReceiptDigest(fields, key);
    },
    signTypedData(data) {
      return signDigestHex(hexToBytes(hashTypedData(data)), key);
    },
  };
}

/** EIP-191 personal_sign over the 32 raw bytes of the context hash. Prefer createContextSigner. */
export function signContextHash(contextHash: Hex, privateKey: Hex): Promise<Hex> {
  return createContextSigner(privateKey).sign(contextHash);
}

/** The address that produced `signature` over `contextHash`. Throws on a malformed signature. */
export function recoverContextSigner(contextHash: Hex, signature: Hex): Promise<Address> {
  assertHash32(contextHash);
  return recoverMessageAddress({ message: { raw: contextHash }, signature });
}

/**
 * Whether `signature` over `contextHash` was made by `expected`. Never throws: a verifier answers
 * a garbage signature with signature_valid=false, not an error.
 */
export async function verifyContextSignature(
  contextHash: Hex,
  signature: Hex,
  expected: Address,
): Promise<boolean> {
  try {
    const signer = await recoverContextSigner(contextHash, signature);
    return signer.toLowerCase() === expected.toLowerCase();
  } catch {
    return false;
  }
}

/** The published signer address for a private key. */
export function signerAddress(privateKey: Hex): Address {
  return privateKeyToAccount(privateKey).address;
}
