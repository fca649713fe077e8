// The transparency-log checks of a version 4 proof bundle ("merkle_algorithm": "RFC6962-SHA256"),
// offline: merkle_proof (the entry hash's RFC 6962 inclusion at leaf_index in the checkpoint's
// tree), checkpoint_signature, witness_cosignatures and log_consistency (the checkpoint's tree and
// the one anchored on chain are one log). The checks are @ctxlog/tlog's (the service runs them
// too); this file reads them from the bundle. The Python client's log_checks.py is the same checks.
//
// What is trusted: the log's key and the witness policy are the caller's when given, else the
// bundle's own (which then proves the bundle consistent with itself, as signer_address does
// without expectedSigners); each check's reason says which.
import {
  anchoredLogChecks,
  failedLogChecks,
  logInclusionCheck,
  type NoteVerifierKey,
  type WitnessPolicy,
} from "@ctxlog/tlog";
import { BYTES32 } from "./merkle";
import type { CheckResult } from "./offline-checks";
import { logProblems } from "./proof-bundle";
import type { ProofBundleLog } from "./types";

/** The log's verifier key to trust: its `name+keyid+base64` string, or parsed. */
export type LogKey = string | NoteVerifierKey;

/** What to trust of the log: its key and witness policy (absent: the bundle's own). */
export interface LogTrust {
  logKey?: LogKey;
  witnessPolicy?: WitnessPolicy;
}

/** A well-formed version 4 bundle, as these checks read it once logProblems found nothing. */
type LogBundle = { leaf_index: number; merkle_proof: string[]; merkle_root: string; log: ProofBundleLog };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/**
 * merkle_proof of a version 4 bundle: SHA-256(0x00 ‖ entry hash) at leaf_index, under the
 * checkpoint's root, in the tree of log.tree_size leaves. `entryHash` is the one recomputed from
 * the receipt's fields (and equal to the bundle's entry_hash).
 */
export function inclusionCheck(bundle: Record<string, unknown>, entryHash: string): CheckResult {
  const problems = [
    ...logProblems(bundle),
    ...(isIndex(bundle.leaf_index) ? [] : ["leaf_index must be an integer ≥ 0"]),
  ];
  if (problems.length > 0) return { name: "merkle_proof", ok: false, reason: problems.join("; ") };
  const b = bundle as unknown as LogBundle;
  return logInclusionCheck(
    { index: b.leaf_index, entryHash, proof: b.merkle_proof },
    { treeSize: b.log.tree_size, checkpoint: b.log.checkpoint },
  );
}

/**
 * checkpoint_signature, witness_cosignatures and log_consistency of a version 4 bundle. Never
 * throws on hostile input: what is malformed or does not verify fails the check it breaks.
 */
export function logChecks(bundle: unknown, trust: LogTrust = {}): CheckResult[] {
  const { logKey: key, witnessPolicy: policy } = trust;
  const problems: string[] = [];
  if (!isObject(bundle)) problems.push("the proof bundle is not a JSON object");
  else {
    problems.push(...logProblems(bundle));
    if (!isIndex(bundle.leaf_index)) problems.push("leaf_index must be an integer ≥ 0");
    if (typeof bundle.merkle_root !== "string" || !BYTES32.test(bundle.merkle_root)) {
      problems.push("merkle_root must be 32-byte 0x-hex");
    }
  }
  if (problems.length > 0) return failedLogChecks(problems.join("; "));
  const b = bundle as LogBundle;
  const keyWhose = key === undefined ? "the bundle's log key" : "the given log key";
  return anchoredLogChecks(
    {
      origin: b.log.origin,
      checkpoint: b.log.checkpoint,
      logKey: key ?? b.log.verifier_key,
      witnessPolicy: policy ?? { recorded: b.log.witness_policy },
      treeSize: b.log.tree_size,
      anchored: {
        size: b.log.anchored_tree_size,
        root: b.merkle_root,
        consistencyProof: b.log.consistency_proof,
      },
      leafIndex: b.leaf_index,
    },
    {
      logKey: keyWhose,
      notEd25519: () => `${keyWhose} is not an Ed25519 note key (type 0x01)`,
      witnessPolicy: policy ? "the given policy" : "the bundle's policy",
      treeSize: `log.tree_size says ${b.log.tree_size}`,
      anchoredRoot: "merkle_root",
    },
  );
}
