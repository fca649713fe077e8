// The transparency-log checks of a version 4 proof bundle ("merkle_algorithm": "RFC6962-SHA256"),
// offline: merkle_proof (the entry hash's RFC 6962 inclusion at leaf_index in the checkpoint's
// tree), checkpoint_signature, witness_cosignatures and log_consistency (the checkpoint's tree and
// the one anchored on chain are one log). The Python client's log_checks.py is the same checks.
//
// What is trusted: the log's key and the witness policy are the caller's when given, else the
// bundle's own (which then proves the bundle consistent with itself, as signer_address does
// without expectedSigners); each check's reason says which.
import {
  type Checkpoint,
  isTlogError,
  leafHash,
  type NoteVerifierKey,
  openCheckpoint,
  parseCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  TlogError,
  verifyConsistency,
  verifyInclusion,
  type WitnessPolicy,
  witnessPolicy,
} from "@ctxlog/tlog";
import { BYTES32 } from "./merkle";
import type { CheckName, CheckResult } from "./offline-checks";
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

const pass = (name: CheckName, reason: string): CheckResult => ({ name, ok: true, reason });
const fail = (name: CheckName, reason: string): CheckResult => ({ name, ok: false, reason });
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const unhex = (hashes: readonly string[]) =>
  hashes.map((h) => new Uint8Array(Buffer.from(h.slice(2), "hex")));

/** A TlogError as the reason of a failed check: its short message and details. */
function tlogReason(error: TlogError): string {
  return error.details ? `${error.shortMessage} (${error.details})` : error.shortMessage;
}

/** The checkpoint's body, its signatures unchecked: checkpoint_signature checks them. */
const checkpointOf = (log: ProofBundleLog): Checkpoint =>
  parseCheckpoint(parseSignedNote(log.checkpoint).text);

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
  if (problems.length > 0) return fail("merkle_proof", problems.join("; "));
  const b = bundle as unknown as LogBundle;
  try {
    const checkpoint = checkpointOf(b.log);
    const leaf = leafHash(new Uint8Array(Buffer.from(entryHash.slice(2), "hex")));
    verifyInclusion(b.leaf_index, b.log.tree_size, leaf, unhex(b.merkle_proof), checkpoint.rootHash);
  } catch (error) {
    if (!isTlogError(error)) throw error;
    return fail(
      "merkle_proof",
      `the RFC 6962 proof of entry_hash at leaf_index ${b.leaf_index} fails: ${tlogReason(error)}`,
    );
  }
  return pass(
    "merkle_proof",
    `${b.merkle_proof.length}-hash RFC 6962 proof: entry_hash is leaf ${b.leaf_index} of the checkpoint's ${b.log.tree_size}`,
  );
}

function logKey(log: ProofBundleLog, given: LogKey | undefined): { key: NoteVerifierKey; whose: string } {
  const whose = given === undefined ? "the bundle's log key" : "the given log key";
  const key =
    given === undefined
      ? parseVerifierKey(log.verifier_key)
      : typeof given === "string"
        ? parseVerifierKey(given)
        : given;
  if (key.type !== SIGNATURE_TYPE.ed25519) {
    throw new TlogError("invalid_argument", `${whose} is not an Ed25519 note key (type 0x01)`);
  }
  return { key, whose };
}

function checkpointSignature(b: LogBundle, given: LogKey | undefined): CheckResult {
  const { key, whose } = logKey(b.log, given);
  const { checkpoint } = openCheckpoint(b.log.checkpoint, { origin: b.log.origin, key });
  // a size of the same shape still proves the leaf: the signed size must be the one the proof used
  if (checkpoint.size !== b.log.tree_size) {
    return fail(
      "checkpoint_signature",
      `the checkpoint is of ${checkpoint.size} leaves, log.tree_size says ${b.log.tree_size}`,
    );
  }
  return pass(
    "checkpoint_signature",
    `checkpoint of ${checkpoint.size} leaves signed by ${key.name} (${whose}) for ${b.log.origin}`,
  );
}

function bundlePolicy(log: ProofBundleLog): WitnessPolicy {
  const policy: unknown = log.witness_policy;
  if (!isObject(policy) || !Array.isArray(policy.witnesses)) {
    throw new TlogError("malformed", "log.witness_policy must be {threshold, witnesses: [verifier key…]}");
  }
  return witnessPolicy(policy.threshold as number, policy.witnesses as string[]);
}

function witnessCosignatures(
  b: LogBundle,
  givenKey: LogKey | undefined,
  givenPolicy: WitnessPolicy | undefined,
): CheckResult {
  const [policy, whose] = givenPolicy
    ? [givenPolicy, "the given policy"]
    : [bundlePolicy(b.log), "the bundle's policy"];
  const { key } = logKey(b.log, givenKey);
  const result = openCheckpoint(b.log.checkpoint, { origin: b.log.origin, key }, policy).witnesses;
  if (!result) throw new Error("openCheckpoint counted no witnesses under a policy");
  const counted = `${result.cosignedBy.length} of ${policy.witnesses.length} witnesses cosigned (${whose} needs ${policy.threshold})`;
  if (!result.satisfied) {
    return fail("witness_cosignatures", `${counted}; missing: ${result.missing.join(", ")}`);
  }
  const by = result.cosignedBy.length > 0 ? `: ${result.cosignedBy.join(", ")}` : "";
  return pass("witness_cosignatures", `${counted}${by}`);
}

function logConsistency(b: LogBundle): CheckResult {
  const checkpoint = checkpointOf(b.log);
  const anchored = b.log.anchored_tree_size;
  if (b.leaf_index >= anchored) {
    return fail(
      "log_consistency",
      `the anchored tree of ${anchored} leaves does not hold leaf_index ${b.leaf_index}`,
    );
  }
  const root = new Uint8Array(Buffer.from(b.merkle_root.slice(2), "hex"));
  const proof = unhex(b.log.consistency_proof);
  // either may be the older: the anchored tree a prefix of the checkpoint's, or the other way
  if (anchored <= checkpoint.size)
    verifyConsistency(anchored, checkpoint.size, root, checkpoint.rootHash, proof);
  else verifyConsistency(checkpoint.size, anchored, checkpoint.rootHash, root, proof);
  if (anchored === checkpoint.size) {
    return pass("log_consistency", `merkle_root is the checkpoint's root (${anchored} leaves)`);
  }
  return pass(
    "log_consistency",
    `${proof.length}-hash RFC 6962 proof: the anchored tree of ${anchored} leaves and the checkpoint's of ${checkpoint.size} are one log`,
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
  const b = bundle as LogBundle;
  const runs: [CheckName, () => CheckResult][] = [
    ["checkpoint_signature", () => checkpointSignature(b, key)],
    ["witness_cosignatures", () => witnessCosignatures(b, key, policy)],
    ["log_consistency", () => logConsistency(b)],
  ];
  return runs.map(([name, run]) => {
    if (problems.length > 0) return fail(name, problems.join("; "));
    try {
      return run();
    } catch (error) {
      if (isTlogError(error)) return fail(name, tlogReason(error));
      // hostile input must fail the check, never crash the verifier
      return fail(name, `could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
