import { anchoredLogChecks, failedLogChecks, type LogCheckWording } from "@ctxlog/tlog";
import type { StoredEvidence, VerificationCheck } from "./types";

// The transparency log's links of a context anchored by the log's tree head (issue 43), between
// merkle_proof and the chain's: the log signed the anchored tree head (checkpoint_signature), the
// witnesses the service asks for cosigned it (witness_cosignatures), and it is the root the chain
// holds (log_consistency). The checks are @ctxlog/tlog's anchoredLogChecks, the SDK's and the Python
// client's; here the key and the policy are the service's own, as stored (readAnchoredCheckpoint),
// and the anchored tree is the checkpoint's: there is no consistency proof between the two.

/** The three log checks, or none for a context not anchored by a tree head (batch anchors keep their list). */
export function checkTreeHeadLog(stored: StoredEvidence | null): VerificationCheck[] {
  const anchor = stored?.anchor ?? null;
  const treeSize = anchor?.treeSize ?? null;
  if (!stored || !anchor || treeSize === null) return [];
  const log = stored.log ?? null;
  if (log === null) {
    return failedLogChecks(
      `the log holds no checkpoint at the anchored tree size ${treeSize} signed by one of its published keys`,
    );
  }
  const wording: LogCheckWording = {
    logKey: "a published log key",
    notEd25519: (key) => `the published log key ${key.name} is not an Ed25519 note key`,
    witnessPolicy: "the recorded policy",
    treeSize: `the anchored tree of ${treeSize}`,
    anchoredRoot: "the anchored root",
    broken: {
      checkpoint_signature: `the checkpoint at the anchored tree size ${treeSize} does not open with the published log key`,
      witness_cosignatures: "the checkpoint's cosignatures cannot be counted",
      log_consistency: "the checkpoint cannot be read",
    },
  };
  return anchoredLogChecks(
    {
      origin: log.origin,
      checkpoint: log.checkpoint,
      logKey: log.verifierKey,
      witnessPolicy: { recorded: log.witnessPolicy },
      treeSize,
      anchored: { size: treeSize, root: anchor.merkleRoot, consistencyProof: null },
    },
    wording,
  );
}
