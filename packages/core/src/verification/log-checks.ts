import {
  type NoteVerifierKey,
  openCheckpoint,
  parseCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  TlogError,
  type WitnessPolicyResult,
  witnessPolicy,
} from "@ctxlog/tlog";
import { bytesToHex } from "viem";
import { errorText, fail, lower, pass } from "./check-results";
import type { AnchoredLogEvidence, StoredEvidence, VerificationCheck, VerificationCheckName } from "./types";

// The transparency log's links of a context anchored by the log's tree head (issue 43), between
// merkle_proof and the chain's: the log signed the anchored tree head (checkpoint_signature), the
// witnesses the service asks for cosigned it (witness_cosignatures), and it is the root the chain
// holds (log_consistency). Named and ordered as a version 4 bundle's are by the SDK and the Python
// client (clients/python/src/ctxlog/log_checks.py); here the key and the policy are the service's
// own, as stored (readAnchoredCheckpoint), and the anchored size is the checkpoint's, so the
// consistency proof between the two trees is empty.

type TreeHead = { stored: StoredEvidence; treeSize: number; log: AnchoredLogEvidence };

/** The three log checks, or none for a context not anchored by a tree head (batch anchors keep their list). */
export function checkTreeHeadLog(stored: StoredEvidence | null): VerificationCheck[] {
  const treeSize = stored?.anchor?.treeSize ?? null;
  if (!stored || treeSize === null) return [];
  const log = stored.log ?? null;
  const checks: [VerificationCheckName, (head: TreeHead) => VerificationCheck, string][] = [
    [
      "checkpoint_signature",
      checkCheckpointSignature,
      `the checkpoint at the anchored tree size ${treeSize} does not open with the published log key`,
    ],
    ["witness_cosignatures", checkWitnessCosignatures, "the checkpoint's cosignatures cannot be counted"],
    ["log_consistency", checkLogConsistency, "the checkpoint cannot be read"],
  ];
  return checks.map(([name, run, broken]) => {
    if (log === null) {
      return fail(
        name,
        `the log holds no checkpoint at the anchored tree size ${treeSize} signed by one of its published keys`,
      );
    }
    // hostile or inconsistent stored input fails the check it breaks, never the verification
    try {
      return run({ stored, treeSize, log });
    } catch (error) {
      return fail(name, `${broken}: ${errorText(error)}`);
    }
  });
}

function logKey(log: AnchoredLogEvidence): NoteVerifierKey {
  const key = parseVerifierKey(log.verifierKey);
  if (key.type !== SIGNATURE_TYPE.ed25519) {
    throw new TlogError("invalid_argument", `the published log key ${key.name} is not an Ed25519 note key`);
  }
  return key;
}

function checkCheckpointSignature({ treeSize, log }: TreeHead): VerificationCheck {
  const key = logKey(log);
  const opened = openCheckpoint(log.checkpoint, { origin: log.origin, key });
  if (opened.checkpoint.size !== treeSize) {
    return fail(
      "checkpoint_signature",
      `the checkpoint is of ${opened.checkpoint.size} leaves, the anchored tree of ${treeSize}`,
    );
  }
  return pass(
    "checkpoint_signature",
    `checkpoint of ${treeSize} leaves signed by ${key.name} (a published log key) for ${log.origin}`,
  );
}

function checkWitnessCosignatures({ log }: TreeHead): VerificationCheck {
  const policy = witnessPolicy(log.witnessPolicy.threshold, log.witnessPolicy.witnesses);
  // given a policy, openCheckpoint counts its witnesses (an unmet policy is reported, not thrown)
  const result = openCheckpoint(log.checkpoint, { origin: log.origin, key: logKey(log) }, policy)
    .witnesses as WitnessPolicyResult;
  const counted = `${result.cosignedBy.length} of ${policy.witnesses.length} witnesses cosigned (the recorded policy needs ${policy.threshold})`;
  if (!result.satisfied) {
    return fail("witness_cosignatures", `${counted}; missing: ${result.missing.join(", ")}`);
  }
  return pass(
    "witness_cosignatures",
    result.cosignedBy.length > 0 ? `${counted}: ${result.cosignedBy.join(", ")}` : counted,
  );
}

function checkLogConsistency({ stored, treeSize, log }: TreeHead): VerificationCheck {
  // the checkpoint's body, its signatures unchecked: checkpoint_signature checks them
  const checkpoint = parseCheckpoint(parseSignedNote(log.checkpoint).text);
  const anchored = (stored.anchor as NonNullable<StoredEvidence["anchor"]>).merkleRoot;
  if (checkpoint.size !== treeSize) {
    return fail(
      "log_consistency",
      `the checkpoint is of ${checkpoint.size} leaves, the anchored tree of ${treeSize}: no consistency proof joins them`,
    );
  }
  const root = bytesToHex(checkpoint.rootHash);
  if (root !== lower(anchored)) {
    return fail(
      "log_consistency",
      `the checkpoint of ${treeSize} leaves has root ${root}, not the anchored root ${anchored}`,
    );
  }
  return pass("log_consistency", `the anchored root is the checkpoint's root (${treeSize} leaves)`);
}
