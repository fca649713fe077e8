import { TlogError } from "./errors";
import { type NoteVerifierKey, parseVerifierKey, SIGNATURE_TYPE } from "./note-keys";
import { noteVerifier } from "./note-verifiers";
import type { NoteSignature } from "./signed-note";

/**
 * A k-of-n witness policy: a checkpoint is trusted once `threshold` of the named witnesses have
 * cosigned it. Witnesses are given by their verifier keys (signature type 0x04, cosignature/v1).
 */
export type WitnessPolicy = { threshold: number; witnesses: NoteVerifierKey[] };

export type WitnessPolicyResult = {
  satisfied: boolean;
  threshold: number;
  /** the witnesses whose cosignature is there, in the policy's order */
  cosignedBy: string[];
  /** the witnesses whose cosignature is missing */
  missing: string[];
};

/** Builds a policy from verifier key strings, refusing what could never be met or means two things. */
export function witnessPolicy(threshold: number, witnessKeys: readonly string[]): WitnessPolicy {
  const witnesses = witnessKeys.map((vkey, i) => {
    try {
      return parseVerifierKey(vkey);
    } catch (cause) {
      throw new TlogError("invalid_argument", `witness key ${i} is not a verifier key`, { cause });
    }
  });
  for (const w of witnesses) {
    if (w.type !== SIGNATURE_TYPE.cosignatureV1) {
      throw new TlogError("invalid_argument", `witness ${w.name} is not a cosignature/v1 key (type 0x04)`);
    }
  }
  const names = new Set(witnesses.map((w) => w.name));
  if (names.size !== witnesses.length)
    throw new TlogError("invalid_argument", "two witnesses have the same name");
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > witnesses.length) {
    throw new TlogError("invalid_argument", "witness threshold must be 0 to the number of witnesses", {
      details: `threshold ${threshold}, ${witnesses.length} witnesses`,
    });
  }
  return { threshold, witnesses };
}

/**
 * The policy a proof bundle or pack records (`log.witness_policy`: {threshold, witnesses: [verifier
 * key…]}), built as witnessPolicy builds one; throws a TlogError on any other shape.
 */
export function recordedWitnessPolicy(recorded: unknown): WitnessPolicy {
  const isObject = typeof recorded === "object" && recorded !== null && !Array.isArray(recorded);
  const { threshold, witnesses } = (isObject ? recorded : {}) as { threshold?: unknown; witnesses?: unknown };
  if (!Array.isArray(witnesses)) {
    throw new TlogError("malformed", "log.witness_policy must be {threshold, witnesses: [verifier key…]}");
  }
  return witnessPolicy(threshold as number, witnesses as string[]);
}

/**
 * Counts the policy's witnesses among a note's verified signatures (openNote's `verified`, with
 * the witnesses' verifiers given to it). Pure: the signatures are already checked.
 */
export function checkWitnessPolicy(
  policy: WitnessPolicy,
  verified: readonly NoteSignature[],
): WitnessPolicyResult {
  const cosignedBy: string[] = [];
  const missing: string[] = [];
  for (const w of policy.witnesses) {
    if (verified.some((s) => s.name === w.name && s.keyId === w.keyId)) cosignedBy.push(w.name);
    else missing.push(w.name);
  }
  return {
    satisfied: cosignedBy.length >= policy.threshold,
    threshold: policy.threshold,
    cosignedBy,
    missing,
  };
}

/** The verifiers to give openNote for a policy's witnesses, beside the log's own. */
export function witnessVerifiers(policy: WitnessPolicy) {
  return policy.witnesses.map((w) => noteVerifier(w));
}
