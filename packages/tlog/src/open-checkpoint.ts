import { type Checkpoint, parseCheckpoint } from "./checkpoint";
import { TlogError } from "./errors";
import type { NoteVerifierKey } from "./note-keys";
import { noteVerifier } from "./note-verifiers";
import { type OpenedNote, openNote } from "./open-note";
import type { NoteLimits } from "./signed-note";
import {
  checkWitnessPolicy,
  type WitnessPolicy,
  type WitnessPolicyResult,
  witnessVerifiers,
} from "./witness-policy";

export type OpenedCheckpoint = {
  checkpoint: Checkpoint;
  note: OpenedNote;
  witnesses: WitnessPolicyResult | null;
};

/**
 * Opens a checkpoint signed by the log's key: the log's own signature must be there and verify
 * (a note signed by witnesses alone is not the log's), the origin must be the one expected, and,
 * with a policy, its witnesses' cosignatures are checked and counted. An unmet policy is reported
 * in `witnesses.satisfied`, not thrown: what to do about it is the caller's verdict.
 */
export function openCheckpoint(
  msg: string | Uint8Array,
  log: { origin: string; key: NoteVerifierKey },
  policy?: WitnessPolicy,
  limits?: NoteLimits,
): OpenedCheckpoint {
  const verifiers = [noteVerifier(log.key), ...(policy ? witnessVerifiers(policy) : [])];
  const note = openNote(msg, verifiers, limits);
  if (!note.verified.some((s) => s.name === log.key.name && s.keyId === log.key.keyId)) {
    throw new TlogError("unverified", `the checkpoint is not signed by the log's key ${log.key.name}`);
  }
  const checkpoint = parseCheckpoint(note.text);
  if (checkpoint.origin !== log.origin) {
    throw new TlogError("malformed", "checkpoint is for another log", {
      details: `origin ${JSON.stringify(checkpoint.origin.slice(0, 128))}, expected ${JSON.stringify(log.origin)}`,
    });
  }
  return { checkpoint, note, witnesses: policy ? checkWitnessPolicy(policy, note.verified) : null };
}
