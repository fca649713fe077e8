import { leafHash, rootFromInclusionProof } from "@ctxlog/tlog";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { entryHash } from "../chain-entry";
import { contextLeaf, processProof } from "../merkle";
import { errorText, fail, lower, pass } from "./check-results";
import type { StoredEvidence, VerificationCheck } from "./types";

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * The `merkle_proof` link: the stored proof folds the context's leaf into the root its anchor put
 * on chain. Two kinds of anchor stay on chain forever, so both are checked: a batch's own tree
 * (sorted-pair keccak256, leaf entry_hash or context_hash before chaining), and the transparency
 * log's tree head (issue 43: RFC 6962 SHA-256, leaf SHA-256(0x00 ‖ entry_hash), at the context's
 * log index in the tree of the anchored size). The reason names which.
 */
export function checkMerkle(stored: StoredEvidence | null, missing: string): VerificationCheck {
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
  // a chained context (proof bundle version 2 on) anchors its entry hash, recomputed here from its
  // parts; one logged before logs were chained anchors context_hash itself (contextLeaf)
  let entry: Hex | null = null;
  let leafName = "context_hash";
  if (stored.link) {
    const link = stored.link;
    let recomputed: string;
    try {
      recomputed = entryHash({ ...link, contextHash: stored.contextHash });
    } catch (error) {
      return fail("merkle_proof", `the entry hash cannot be computed: ${errorText(error)}`);
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
  const treeSize = stored.anchor.treeSize ?? null;
  if (treeSize !== null) return checkLogInclusion(stored, entry, leafName, treeSize);

  const leaf = contextLeaf({ contextHash: stored.contextHash as Hex, entryHash: entry });
  const reached = bytesToHex(processProof(leaf, stored.merkleProof as Hex[]));
  if (reached === lower(merkleRoot)) {
    return pass(
      "merkle_proof",
      `the ${stored.merkleProof.length}-step sorted-pair keccak256 proof folds ${leafName} into the batch root ${merkleRoot}`,
    );
  }
  return fail(
    "merkle_proof",
    `the sorted-pair keccak256 proof from ${leafName} reaches ${reached}, not the batch root ${merkleRoot}`,
  );
}

/** A tree head's proof: RFC 6962 inclusion of the entry hash at its log index in the anchored tree. */
function checkLogInclusion(
  stored: StoredEvidence,
  entry: Hex | null,
  leafName: string,
  treeSize: number,
): VerificationCheck {
  const root = (stored.anchor as NonNullable<StoredEvidence["anchor"]>).merkleRoot;
  const tree = `the log's tree of ${treeSize} leaves`;
  // only chained contexts are in the log: their leaf is the entry hash, there is no other
  if (entry === null) {
    return fail(
      "merkle_proof",
      `${stored.contextId} was anchored by ${tree}, but has no log entry (entry_hash) to be its leaf`,
    );
  }
  const index = stored.leafIndex ?? null;
  if (index === null) {
    return fail("merkle_proof", `${stored.contextId} is ${stored.status} and has no log index in ${tree}`);
  }
  let reached: string;
  try {
    const proof = stored.merkleProof.map((p) => hexToBytes(p as Hex));
    reached = bytesToHex(rootFromInclusionProof(index, treeSize, leafHash(hexToBytes(entry)), proof));
  } catch (error) {
    return fail(
      "merkle_proof",
      `the RFC 6962 inclusion proof of ${leafName} at log index ${index} in ${tree} fails: ${errorText(error)}`,
    );
  }
  if (reached === lower(root)) {
    return pass(
      "merkle_proof",
      `the ${stored.merkleProof.length}-hash RFC 6962 inclusion proof puts ${leafName} at log index ${index} of ${tree}, whose root ${root} was anchored`,
    );
  }
  return fail(
    "merkle_proof",
    `the RFC 6962 inclusion proof of ${leafName} at log index ${index} reaches ${reached}, not the anchored tree head ${root} (${treeSize} leaves)`,
  );
}
