// A proof bundle's one signature, by its version: 3 and 4 sign the context's EIP-712 Receipt (every
// field of which the bundle carries), 1 and 2 sign context_hash with EIP-191 (contexts signed
// before receipts became their signature). One place for the verifier and the audit.
import type { Hex } from "viem";
import { recoverDigestSigner, recoverRawMessageSigner } from "./audit/fast-recover";
import { RECEIPT_DOMAIN, receiptDigest } from "./chain-entry";
import type { ProofBundle } from "./types";

/** What the signature covers, by scheme: for error messages and check reasons. */
export const describeScheme = (b: Pick<ProofBundle, "signature_scheme">) =>
  b.signature_scheme === "EIP-712" ? "EIP-712 receipt signature" : "EIP-191 signature";

/**
 * The address that made the bundle's signature. Throws, saying why, on a bundle whose scheme and
 * version disagree, a version 3 or 4 bundle missing a receipt field or with another domain, or a
 * signature that recovers nothing.
 */
export async function recoverBundleSigner(b: ProofBundle): Promise<string> {
  // version 4 is version 3's receipt, its leaf placed in the transparency log
  const v3 = b.version === 3 || b.version === 4;
  if (v3 !== (b.signature_scheme === "EIP-712")) {
    throw new Error(`signature_scheme ${b.signature_scheme} does not go with version ${b.version ?? 1}`);
  }
  if (!v3) return recoverRawMessageSigner(b.context_hash, b.signature);
  const domain = b.eip712_domain;
  if (domain?.name !== RECEIPT_DOMAIN.name || domain.version !== RECEIPT_DOMAIN.version) {
    throw new Error(`eip712_domain must be ${JSON.stringify(RECEIPT_DOMAIN)}`);
  }
  if (
    typeof b.user_id !== "string" ||
    !Number.isSafeInteger(b.sequence) ||
    typeof b.prev_entry_hash !== "string" ||
    typeof b.received_at !== "string" ||
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(b.received_at)
  ) {
    throw new Error(
      `a version ${b.version} bundle needs user_id, sequence, prev_entry_hash and received_at (ISO, ms)`,
    );
  }
  const digest = receiptDigest({
    context_hash: b.context_hash,
    user_id: b.user_id,
    agent_id: b.context.agent_id,
    sequence: b.sequence as number,
    prev_entry_hash: b.prev_entry_hash as Hex,
    received_at: b.received_at,
    signer: b.signer_address,
    signature: b.signature,
  });
  return recoverDigestSigner(digest, b.signature);
}
