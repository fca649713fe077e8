import { utf8Bytes } from "./bytes";
import { TlogError } from "./errors";
import type { NoteSigner, NoteVerifier } from "./note-verifiers";
import {
  checkNoteText,
  DEFAULT_NOTE_LIMITS,
  formatSignedNote,
  type NoteLimits,
  type NoteSignature,
  parseSignedNote,
} from "./signed-note";

export type OpenedNote = {
  text: string;
  /** signatures by the known keys, each checked */
  verified: NoteSignature[];
  /** signatures by keys the caller did not give (kept: a witness's, a rotated key's) */
  unverified: NoteSignature[];
};

/**
 * Opens a signed note as C2SP signed-note (and Go's note.Open) asks: a signature whose name and
 * key ID match a known key must verify, or the whole note is refused; other signatures are kept
 * unchecked; at least one known key must have signed. A known key's repeated signature is kept
 * once.
 */
export function openNote(
  msg: string | Uint8Array,
  verifiers: readonly NoteVerifier[],
  limits: NoteLimits = DEFAULT_NOTE_LIMITS,
): OpenedNote {
  const note = parseSignedNote(msg, limits);
  const text = utf8Bytes(note.text);
  const verified: NoteSignature[] = [];
  const unverified: NoteSignature[] = [];
  const seen = new Set<string>();
  for (const signature of note.signatures) {
    const matches = verifiers.filter((v) => v.name === signature.name && v.keyId === signature.keyId);
    if (matches.length > 1) {
      throw new TlogError(
        "ambiguous_key",
        `two known keys are named ${signature.name} with key ID ${signature.keyId}`,
      );
    }
    const verifier = matches[0];
    if (!verifier) {
      unverified.push(signature);
      continue;
    }
    const id = `${signature.name}+${signature.keyId}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!verifier.verify(text, signature.signature)) {
      throw new TlogError("invalid_signature", `the signature by ${signature.name} does not verify`);
    }
    verified.push(signature);
  }
  if (verified.length === 0) throw new TlogError("unverified", "no known key signed the note");
  return { text: note.text, verified, unverified };
}

/**
 * Signs `text` with each signer, after `existing` signatures (a checkpoint's, when a witness adds
 * its cosignature); an existing signature by the same key is replaced, as Go's note.Sign does.
 */
export function signNote(
  text: string,
  signers: readonly NoteSigner[],
  existing: readonly NoteSignature[] = [],
): string {
  checkNoteText(text);
  const bytes = utf8Bytes(text);
  const fresh = signers.map((s) => ({ name: s.name, keyId: s.keyId, signature: s.sign(bytes) }));
  const kept = existing.filter((e) => !fresh.some((f) => f.name === e.name && f.keyId === e.keyId));
  return formatSignedNote({ text, signatures: [...kept, ...fresh] });
}
