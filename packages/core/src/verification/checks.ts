import { bytesToHex, type Hex } from "viem";
import { hashContext } from "../canonical";
import { entryHash } from "../chain-entry";
import { contextLeaf, processProof } from "../merkle";
import { checkAnchorSubmitter } from "./anchor-submitter";
import { recoverContextSignerFast, recoverReceiptSignerFast } from "./recover";
import { describeSignerPeriod, signerValidAt } from "./signers";
import type {
  ChainObservation,
  StoredEvidence,
  VerificationCheck,
  VerificationCheckName,
  VerificationInput,
  VerificationOutcome,
} from "./types";
import { isVerified, verificationVerdict } from "./verdict";

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const lower = (s: string) => s.toLowerCase();
const pass = (name: VerificationCheckName, reason: string): VerificationCheck => ({ name, ok: true, reason });
const fail = (name: VerificationCheckName, reason: string): VerificationCheck => ({
  name,
  ok: false,
  reason,
});

/**
 * Runs every check of a verification on data already gathered (the stored context, the published
 * signers, what the chain said): no I/O, so each outcome is reproducible from its inputs. Each check
 * is one link — data → canonical form → hash → signature, hash → Merkle root → Anchored log →
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

  const checks = [canonical, hash, signature, merkle, transaction, anchored, submitter, block, confirmations];
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
    return fail("signature_valid", `the signature does not recover a signer: ${message(error)}`);
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

function checkMerkle(stored: StoredEvidence | null, missing: string): VerificationCheck {
  if (!stored) return fail("merkle_proof", `no Merkle proof to check: ${missing}`);
  if (!stored.anchor)
    return fail("merkle_proof", `${stored.contextId} is ${stored.status} and in no anchored batch yet`);
  const { merkleRoot } = stored.anchor;
  if (
    !HASH32.test(stored.contextHash) ||
    !HASH32.test(merkleRoot) ||
    !stored.merkleProof.every((p) => HASH32.test(p))
  ) {
    return fail("merkle_proof", "the stored proof, leaf or root is not made of 32-byte hashes");
  }
  // a chained context (proof bundle version 2) anchors its entry hash, recomputed here from its
  // parts; one logged before logs were chained anchors context_hash itself (contextLeaf)
  let entry: Hex | null = null;
  let leafName = "context_hash";
  if (stored.link) {
    const link = stored.link;
    let recomputed: string;
    try {
      recomputed = entryHash({ ...link, contextHash: stored.contextHash });
    } catch (error) {
      return fail("merkle_proof", `the entry hash cannot be computed: ${(error as Error).message}`);
    }
    if (recomputed !== lower(link.entryHash)) {
      return fail(
        "merkle_proof",
        `entry ${link.sequence}: its fields hash to ${recomputed}, not the stored entry_hash ${link.entryHash}`,
      );
    }
    entry = recomputed as Hex;
    leafName = `entry_hash (entry ${link.sequence} of its log)`;
  }
  const leaf = contextLeaf({ contextHash: stored.contextHash as Hex, entryHash: entry });
  const reached = bytesToHex(processProof(leaf, stored.merkleProof as Hex[]));
  if (reached === lower(merkleRoot)) {
    return pass(
      "merkle_proof",
      `the ${stored.merkleProof.length}-step proof folds ${leafName} into the root ${merkleRoot}`,
    );
  }
  return fail(
    "merkle_proof",
    `the proof from ${leafName} reaches ${reached}, not the batch root ${merkleRoot}`,
  );
}

/** Why there is no receipt to check, in the words every chain check uses. */
function missingTransaction(input: VerificationInput): string {
  const { stored, chain, transactionHash } = input;
  if (transactionHash === null) {
    return stored
      ? `${stored.contextId} is ${stored.status} and has no anchoring transaction yet`
      : "no transaction";
  }
  const recorded = stored?.anchor;
  if (
    recorded?.blockNumber != null &&
    recorded.blockHash &&
    !sameHash(chain.recordedBlockHash, recorded.blockHash)
  ) {
    return `no receipt for ${transactionHash}: block ${recorded.blockNumber} (${recorded.blockHash}) it was mined in left the canonical chain (reorg)`;
  }
  return `no receipt for ${transactionHash} on chain ${chain.chainId} (unknown, dropped or not yet mined)`;
}

function checkTransaction(input: VerificationInput, missingTx: string): VerificationCheck {
  const { chain, stored } = input;
  const anchoredOn = stored?.anchor?.chainId;
  if (anchoredOn !== undefined && anchoredOn !== chain.chainId) {
    return fail(
      "transaction",
      `the batch was anchored on chain ${anchoredOn}; this service reads chain ${chain.chainId}, so it cannot be checked here`,
    );
  }
  const receipt = chain.receipt;
  if (!receipt) return fail("transaction", missingTx);
  if (receipt.status !== "success") return fail("transaction", `the transaction ${receipt.status}`);
  if (!receipt.to || !input.registries.some((r) => lower(r) === lower(receipt.to as string))) {
    return fail(
      "transaction",
      `the transaction was sent to ${receipt.to ?? "no address"}, not the registry ${input.registries.join(" or ")}`,
    );
  }
  return pass("transaction", `successful call to the registry ${receipt.to} on chain ${chain.chainId}`);
}

function checkAnchoredLog(input: VerificationInput, missingTx: string): VerificationCheck {
  const receipt = input.chain.receipt;
  if (!receipt) return fail("anchored_log", missingTx);
  const logs = receipt.anchored.filter((a) => input.registries.some((r) => lower(r) === lower(a.registry)));
  if (logs.length === 0) {
    return fail(
      "anchored_log",
      `the receipt has no Anchored log emitted by the registry ${input.registries.join(" or ")}`,
    );
  }
  const root = input.stored?.anchor?.merkleRoot;
  if (root === undefined) {
    const roots = logs.map((l) => `${l.root} (${l.count} contexts)`).join(", ");
    return pass("anchored_log", `the registry anchored ${roots}`);
  }
  const match = logs.find((l) => lower(l.root) === lower(root));
  if (!match) {
    return fail(
      "anchored_log",
      `the registry anchored ${logs.map((l) => l.root).join(", ")}, not this context's batch root ${root}`,
    );
  }
  return pass("anchored_log", `Anchored(root ${match.root}, count ${match.count}) by ${match.submitter}`);
}

function checkBlock(input: VerificationInput, missingTx: string): VerificationCheck {
  const { receipt, receiptBlockHash } = input.chain;
  if (!receipt) return fail("block", missingTx);
  if (!sameHash(receiptBlockHash, receipt.blockHash)) {
    return fail(
      "block",
      `block ${receipt.blockNumber} is now ${receiptBlockHash ?? "missing"}, not ${receipt.blockHash} (reorg)`,
    );
  }
  const recorded = input.stored?.anchor;
  const moved =
    recorded?.blockHash && !sameHash(recorded.blockHash, receipt.blockHash)
      ? `; re-mined after a reorg (recorded in block ${recorded.blockNumber ?? "?"})`
      : "";
  return pass("block", `block ${receipt.blockNumber} (${receipt.blockHash}) is canonical${moved}`);
}

function confirmationsOf(chain: ChainObservation, canonical: boolean): number {
  if (!chain.receipt || !canonical) return 0;
  const depth = chain.head - chain.receipt.blockNumber + 1n;
  return depth > 0n ? Number(depth) : 0;
}

const sameHash = (a: string | null, b: string) => a !== null && lower(a) === lower(b);

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function message(error: unknown): string {
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  if (typeof short === "string") return short;
  return error instanceof Error ? error.message : String(error);
}
