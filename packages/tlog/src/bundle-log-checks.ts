// The transparency log's checks of a leaf anchored by the log's tree head (proof bundle version 4,
// issue 43): merkle_proof as RFC 6962 inclusion in the checkpoint's tree (logInclusionCheck), then
// checkpoint_signature, witness_cosignatures and log_consistency (anchoredLogChecks). Pure: what is
// malformed or does not verify fails the check it breaks.
//
// Two callers hold a leaf to its log: the SDK a proof bundle (packages/sdk/src/log-checks.ts), the
// service its stored evidence (packages/core/src/verification/log-checks.ts). Each names in its
// reasons what it trusts and what its tree sizes are called (LogCheckWording). The Python client's
// log_checks.py is the same checks.
import { fromHex0x, toHex } from "./bytes";
import { parseCheckpoint } from "./checkpoint";
import { isTlogError, TlogError } from "./errors";
import { type NoteVerifierKey, parseVerifierKey, SIGNATURE_TYPE } from "./note-keys";
import { openCheckpoint } from "./open-checkpoint";
import { leafHash } from "./rfc6962";
import { parseSignedNote } from "./signed-note";
import { verifyConsistency, verifyInclusion } from "./verify-proofs";
import { recordedWitnessPolicy, type WitnessPolicy } from "./witness-policy";

/** The log's checks after merkle_proof, in the order they run. */
export const LOG_CHECK_NAMES = ["checkpoint_signature", "witness_cosignatures", "log_consistency"] as const;
export type LogCheckName = (typeof LOG_CHECK_NAMES)[number];

/** One check's outcome: `reason` says why it failed, or what it established when it passed. */
export interface LogCheck<Name extends string = LogCheckName> {
  name: Name;
  ok: boolean;
  reason: string;
}

/** What the log checks read of one anchored leaf. */
export interface AnchoredLog {
  /** the log's origin (the checkpoint's first line must be it) */
  origin: string;
  /** the signed note (C2SP tlog-checkpoint), with its cosignatures */
  checkpoint: string;
  /** the log key the checkpoint must be signed by: a verifier key string, or parsed */
  logKey: string | NoteVerifierKey;
  /** the witness policy to meet: built (witnessPolicy), or as recorded, built when checked */
  witnessPolicy: WitnessPolicy | { recorded: unknown };
  /** the size the checkpoint must have: the tree the leaf's inclusion proof is in */
  treeSize: number;
  /**
   * The tree anchored on chain: its size and 0x-hex root, and the RFC 6962 consistency proof
   * between it and the checkpoint's tree (either may be the older). A null proof: none was given,
   * the anchored tree must be the checkpoint's own.
   */
  anchored: { size: number; root: string; consistencyProof: readonly string[] | null };
  /** the leaf's index, when the anchored tree must hold it */
  leafIndex?: number;
}

/** How a caller's reasons name what it trusts and what it holds the checkpoint to. */
export interface LogCheckWording {
  /** the log key, as a passed checkpoint_signature names it: "the given log key" */
  logKey: string;
  /** why a log key of another type than Ed25519 is refused */
  notEd25519: (key: NoteVerifierKey) => string;
  /** the witness policy, as witness_cosignatures counts against it: "the bundle's policy" */
  witnessPolicy: string;
  /** the size the checkpoint must have, after "the checkpoint is of N leaves, ": "log.tree_size says 7" */
  treeSize: string;
  /** the anchored root, as log_consistency names it: "merkle_root" */
  anchoredRoot: string;
  /** what a check that threw could not do, before the error's text (absent: the text alone) */
  broken?: Partial<Record<LogCheckName, string>>;
}

/** A TlogError as a failed check's reason: its short message and details. */
function tlogReason(error: TlogError): string {
  return error.details ? `${error.shortMessage} (${error.details})` : error.shortMessage;
}

/** The checkpoint's body, its signatures unchecked: checkpoint_signature checks them. */
const checkpointOf = (note: string) => parseCheckpoint(parseSignedNote(note).text);

/**
 * merkle_proof: SHA-256(0x00 ‖ entry hash) at `index`, under the checkpoint's root, in its tree of
 * `treeSize` leaves (the checkpoint's signature is checkpoint_signature's). Errors other than the
 * log format's are thrown: the caller's check fails with them.
 */
export function logInclusionCheck(
  leaf: { index: number; entryHash: string; proof: readonly string[] },
  log: { treeSize: number; checkpoint: string },
): LogCheck<"merkle_proof"> {
  const { index, proof } = leaf;
  try {
    const { rootHash } = checkpointOf(log.checkpoint);
    verifyInclusion(
      index,
      log.treeSize,
      leafHash(fromHex0x(leaf.entryHash, "entry_hash")),
      proof.map((h) => fromHex0x(h, "a proof hash")),
      rootHash,
    );
  } catch (error) {
    if (!isTlogError(error)) throw error;
    const reason = `the RFC 6962 proof of entry_hash at leaf_index ${index} fails: ${tlogReason(error)}`;
    return { name: "merkle_proof", ok: false, reason };
  }
  const reason = `${proof.length}-hash RFC 6962 proof: entry_hash is leaf ${index} of the checkpoint's ${log.treeSize}`;
  return { name: "merkle_proof", ok: true, reason };
}

type Run = (log: AnchoredLog, wording: LogCheckWording) => LogCheck;

const RUNS: Record<LogCheckName, Run> = {
  checkpoint_signature: checkpointSignature,
  witness_cosignatures: witnessCosignatures,
  log_consistency: logConsistency,
};

/** checkpoint_signature, witness_cosignatures and log_consistency, in that order. */
export function anchoredLogChecks(log: AnchoredLog, wording: LogCheckWording): LogCheck[] {
  return LOG_CHECK_NAMES.map((name) => {
    try {
      return RUNS[name](log, wording);
    } catch (error) {
      return { name, ok: false, reason: thrownReason(error, wording.broken?.[name]) };
    }
  });
}

/** The three checks when there is nothing to check (no checkpoint, a malformed bundle): each fails with `reason`. */
export function failedLogChecks(reason: string): LogCheck[] {
  return LOG_CHECK_NAMES.map((name) => ({ name, ok: false, reason }));
}

function thrownReason(error: unknown, broken: string | undefined): string {
  const text = isTlogError(error)
    ? tlogReason(error)
    : error instanceof Error
      ? error.message
      : String(error);
  if (broken !== undefined) return `${broken}: ${text}`;
  // hostile input must fail the check, never crash the verifier
  return isTlogError(error) ? text : `could not be checked: ${text}`;
}

function ed25519Key(log: AnchoredLog, wording: LogCheckWording): NoteVerifierKey {
  const key = typeof log.logKey === "string" ? parseVerifierKey(log.logKey) : log.logKey;
  if (key.type !== SIGNATURE_TYPE.ed25519) throw new TlogError("invalid_argument", wording.notEd25519(key));
  return key;
}

function checkpointSignature(log: AnchoredLog, wording: LogCheckWording): LogCheck {
  const key = ed25519Key(log, wording);
  const { checkpoint } = openCheckpoint(log.checkpoint, { origin: log.origin, key });
  // a size of the same shape still proves the leaf: the signed size must be the one the proof used
  if (checkpoint.size !== log.treeSize) {
    const reason = `the checkpoint is of ${checkpoint.size} leaves, ${wording.treeSize}`;
    return { name: "checkpoint_signature", ok: false, reason };
  }
  const reason = `checkpoint of ${checkpoint.size} leaves signed by ${key.name} (${wording.logKey}) for ${log.origin}`;
  return { name: "checkpoint_signature", ok: true, reason };
}

function builtPolicy(policy: AnchoredLog["witnessPolicy"]): WitnessPolicy {
  return "recorded" in policy ? recordedWitnessPolicy(policy.recorded) : policy;
}

function witnessCosignatures(log: AnchoredLog, wording: LogCheckWording): LogCheck {
  const policy = builtPolicy(log.witnessPolicy);
  const key = ed25519Key(log, wording);
  // given a policy, openCheckpoint counts its witnesses (an unmet policy is reported, not thrown)
  const result = openCheckpoint(log.checkpoint, { origin: log.origin, key }, policy).witnesses;
  if (!result) throw new Error("openCheckpoint counted no witnesses under a policy");
  const counted = `${result.cosignedBy.length} of ${policy.witnesses.length} witnesses cosigned (${wording.witnessPolicy} needs ${policy.threshold})`;
  if (!result.satisfied) {
    return {
      name: "witness_cosignatures",
      ok: false,
      reason: `${counted}; missing: ${result.missing.join(", ")}`,
    };
  }
  const by = result.cosignedBy.length > 0 ? `: ${result.cosignedBy.join(", ")}` : "";
  return { name: "witness_cosignatures", ok: true, reason: `${counted}${by}` };
}

function logConsistency(log: AnchoredLog, wording: LogCheckWording): LogCheck {
  const checkpoint = checkpointOf(log.checkpoint);
  const { size, root, consistencyProof } = log.anchored;
  const fail = (reason: string): LogCheck => ({ name: "log_consistency", ok: false, reason });
  if (log.leafIndex !== undefined && log.leafIndex >= size) {
    return fail(`the anchored tree of ${size} leaves does not hold leaf_index ${log.leafIndex}`);
  }
  if (consistencyProof === null) {
    if (checkpoint.size !== size) {
      return fail(
        `the checkpoint is of ${checkpoint.size} leaves, the anchored tree of ${size}: no consistency proof joins them`,
      );
    }
    const checkpointRoot = `0x${toHex(checkpoint.rootHash)}`;
    if (checkpointRoot !== root.toLowerCase()) {
      return fail(
        `the checkpoint of ${size} leaves has root ${checkpointRoot}, not ${wording.anchoredRoot} ${root}`,
      );
    }
  } else {
    const anchoredRoot = fromHex0x(root, "the anchored root");
    const proof = consistencyProof.map((h) => fromHex0x(h, "a consistency proof hash"));
    // either may be the older: the anchored tree a prefix of the checkpoint's, or the other way
    if (size <= checkpoint.size)
      verifyConsistency(size, checkpoint.size, anchoredRoot, checkpoint.rootHash, proof);
    else verifyConsistency(checkpoint.size, size, checkpoint.rootHash, anchoredRoot, proof);
    if (size !== checkpoint.size) {
      const reason = `${proof.length}-hash RFC 6962 proof: the anchored tree of ${size} leaves and the checkpoint's of ${checkpoint.size} are one log`;
      return { name: "log_consistency", ok: true, reason };
    }
  }
  return {
    name: "log_consistency",
    ok: true,
    reason: `${wording.anchoredRoot} is the checkpoint's root (${size} leaves)`,
  };
}
