import type { Hex } from "viem";
import { hashContext } from "../canonical";
import { checkAnchorSubmitter } from "./anchor-submitter";
import {
  checkAnchoredLog,
  checkBlock,
  checkTransaction,
  confirmationsOf,
  missingTransaction,
} from "./chain-link-checks";
import { errorText, fail, lower, pass } from "./check-results";
import { checkTreeHeadLog } from "./log-checks";
import { checkMerkle } from "./merkle-check";
import { recoverContextSignerFast, recoverReceiptSignerFast } from "./recover";
import { describeSignerPeriod, signerValidAt } from "./signers";
import type {
  StoredEvidence,
  VerificationCheck,
  VerificationCheckName,
  VerificationInput,
  VerificationOutcome,
} from "./types";
import { isVerified, verificationVerdict } from "./verdict";

/**
 * Runs every check of a verification on data already gathered (the stored context, the published
 * signers, what the chain said): no I/O, so each outcome is reproducible from its inputs. Each check
 * is one link — data → canonical form → hash → signature, hash → Merkle root (for the log's tree
 * head: → its signed checkpoint → its witnesses' cosignatures → the anchored root) → Anchored log →
 * its submitter → transaction → canonical block → depth — so a failure names exactly the link that
 * broke.
 * Nothing here throws on hostile or inconsistent input: it fails the check it breaks.
 */
export async function runVerificationChecks(input: VerificationInput): Promise<VerificationOutcome> {
  const { stored, chain } = input;
  const missing = input.missingReason ?? "no stored context matches";

  let computed: { canonical: string; contextHash: Hex } | null = null;
  let hashError = "";
  try {
    if (input.data) computed = hashContext(input.data);
  } catch (error) {
    hashError = error instanceof Error ? error.message : String(error);
  }
  const contextHash = computed?.contextHash ?? stored?.contextHash ?? "";

  // erased and not supplied: the data checks cannot run; every other link still holds or breaks
  const dataErased = input.data === null;
  const erasedAt = stored?.dataErasedAt ? ` at ${stored.dataErasedAt.toISOString()}` : "";
  const canonical = dataErased
    ? unavailable("canonical_context", erasedAt)
    : checkCanonical(computed, hashError, stored, missing);
  const hash = dataErased
    ? unavailable("hash_matches", erasedAt)
    : checkHash(computed, hashError, stored, missing);
  const signature = await checkSignature(input, missing);
  const merkle = checkMerkle(stored, missing);
  // a tree-head anchor's log links (TREE_HEAD_CHECK_NAMES); none for a batch's own tree
  const log = checkTreeHeadLog(stored);
  const missingTx = missingTransaction(input);
  const transaction = checkTransaction(input, missingTx);
  const anchored = checkAnchoredLog(input, missingTx);
  const submitter = checkAnchorSubmitter(input, missingTx);
  const block = checkBlock(input, missingTx);
  const depth = confirmationsOf(chain, block.ok);
  const confirmations =
    chain.receipt === null || !block.ok
      ? fail(
          "confirmations",
          `0 confirmations: ${chain.receipt === null ? missingTx : "the block is not canonical"}`,
        )
      : depth >= input.requiredConfirmations
        ? pass("confirmations", `${depth} confirmations ≥ ${input.requiredConfirmations} required`)
        : fail("confirmations", `${depth} confirmations < ${input.requiredConfirmations} required`);

  const checks = [
    canonical,
    hash,
    signature,
    merkle,
    ...log,
    transaction,
    anchored,
    submitter,
    block,
    confirmations,
  ];
  const verdict = verificationVerdict(checks);
  return {
    verdict,
    verified: isVerified(verdict),
    dataErased,
    checks,
    contextHash,
    hashMatches: canonical.ok && hash.ok,
    signatureValid: signature.ok,
    blockNumber: chain.receipt?.blockNumber ?? null,
    confirmations: block.ok ? depth : 0,
  };
}

const unavailable = (name: VerificationCheckName, erasedAt: string): VerificationCheck => ({
  name,
  ok: false,
  unavailable: true,
  reason: `unavailable: the context's data was erased${erasedAt}; supply it as it was logged to check it`,
});

function checkCanonical(
  computed: { canonical: string; contextHash: string } | null,
  hashError: string,
  stored: StoredEvidence | null,
  missing: string,
): VerificationCheck {
  if (!computed) return fail("canonical_context", `the data cannot be canonicalized: ${hashError}`);
  if (!stored) return fail("canonical_context", missing);
  if (stored.canonicalJson === null) {
    // erased: the stored form is gone, the supplied data is held to the hash it was logged with
    return computed.contextHash.toLowerCase() === stored.contextHash.toLowerCase()
      ? pass(
          "canonical_context",
          "the RFC 8785 form of the supplied data hashes to the logged context_hash (the stored copy was erased)",
        )
      : fail(
          "canonical_context",
          "the RFC 8785 form of the supplied data does not hash to the logged context_hash (the stored copy was erased)",
        );
  }
  if (computed.canonical === stored.canonicalJson) {
    return pass("canonical_context", "the RFC 8785 form of the data equals the stored canonical JSON");
  }
  return fail(
    "canonical_context",
    `the RFC 8785 form of the data differs from the stored canonical JSON at character ${firstDifference(computed.canonical, stored.canonicalJson)}`,
  );
}

function checkHash(
  computed: { contextHash: string } | null,
  hashError: string,
  stored: StoredEvidence | null,
  missing: string,
): VerificationCheck {
  if (!computed) return fail("hash_matches", `the data cannot be hashed: ${hashError}`);
  if (!stored) return fail("hash_matches", `the data hashes to ${computed.contextHash}; ${missing}`);
  if (lower(computed.contextHash) === lower(stored.contextHash)) {
    return pass(
      "hash_matches",
      `the data hashes to ${computed.contextHash}, the context_hash of ${stored.contextId}`,
    );
  }
  return fail(
    "hash_matches",
    `the data hashes to ${computed.contextHash}, but ${stored.contextId} was logged with context_hash ${stored.contextHash}`,
  );
}

async function checkSignature(input: VerificationInput, missing: string): Promise<VerificationCheck> {
  const { stored } = input;
  if (!stored) return fail("signature_valid", `no signature to check: ${missing}`);
  const eip712 = stored.signatureScheme === "EIP-712";
  if (eip712 && !stored.link)
    return fail("signature_valid", "an EIP-712 receipt signature without its log entry");
  let recovered: string;
  try {
    recovered =
      eip712 && stored.link
        ? recoverReceiptSignerFast(
            {
              contextHash: stored.contextHash,
              userId: stored.link.userId,
              agentId: stored.link.agentId,
              sequence: stored.link.sequence,
              prevEntryHash: stored.link.prevEntryHash,
              receivedAt: stored.createdAt,
            },
            stored.signature as Hex,
          )
        : await recoverContextSignerFast(stored.contextHash as Hex, stored.signature as Hex);
  } catch (error) {
    return fail("signature_valid", `the signature does not recover a signer: ${errorText(error)}`);
  }
  if (lower(recovered) !== lower(stored.signerAddress)) {
    return fail(
      "signature_valid",
      `the signature recovers ${recovered}, not the recorded signer ${stored.signerAddress}`,
    );
  }
  const validity = signerValidAt(input.signers, recovered, stored.createdAt);
  if (!validity.valid && validity.reason === "unknown") {
    return fail(
      "signature_valid",
      `${recovered} is not a published signer of this service (GET /v1/signers)`,
    );
  }
  if (!validity.valid) {
    return fail(
      "signature_valid",
      `${recovered} signed for this service from ${describeSignerPeriod(validity.signer)}; the context was created at ${stored.createdAt.toISOString()}`,
    );
  }
  return pass(
    "signature_valid",
    `${eip712 ? "EIP-712 receipt" : "EIP-191"} signature by ${recovered}, a published signer (${describeSignerPeriod(validity.signer)})`,
  );
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
