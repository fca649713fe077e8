import { fromBase64, readUint32, toBase64, utf8Length } from "./bytes";
import { TlogError } from "./errors";
import { isValidKeyName } from "./note-keys";

/**
 * C2SP signed-note text: the note text (ending in a newline), a blank line, then one line per
 * signature, `— <key name> base64(key ID ‖ signature)`. This file reads and writes that form;
 * open-note.ts checks the signatures.
 */
export type NoteSignature = { name: string; keyId: number; signature: Uint8Array };
export type SignedNote = { text: string; signatures: NoteSignature[] };

export type NoteLimits = {
  /** bytes of the whole note (UTF-8), checked before anything else is read */
  maxBytes: number;
  /** signature lines; the spec asks verifiers to accept at least 16, Go's note.Open stops at 100 */
  maxSignatures: number;
};
/** A checkpoint with 100 Ed25519 signatures is about 12 KB: 64 KiB leaves room and refuses floods. */
export const DEFAULT_NOTE_LIMITS: NoteLimits = Object.freeze({ maxBytes: 64 * 1024, maxSignatures: 100 });

const SIGNATURE_PREFIX = "\u2014 ";

/** Valid UTF-8 (no lone surrogate once decoded) and no control character but the newline. */
function checkNoteCharacters(text: string, what: string): void {
  if (/\p{Cs}/u.test(text)) throw new TlogError("malformed", `${what} is not valid UTF-8`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  const control = /[\u0000-\u0009\u000b-\u001f]/.exec(text);
  if (control) {
    throw new TlogError("malformed", `${what} holds a control character`, {
      details: `U+${control[0].charCodeAt(0).toString(16).padStart(4, "0")} at ${control.index}`,
    });
  }
}

function decodeNote(msg: string | Uint8Array, limits: NoteLimits): string {
  const bytes = typeof msg === "string" ? utf8Length(msg) : msg.length;
  if (bytes > limits.maxBytes) {
    throw new TlogError("too_large", `note is larger than ${limits.maxBytes} bytes`, {
      details: `${bytes} bytes`,
    });
  }
  if (typeof msg === "string") return msg;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(msg);
  } catch (cause) {
    throw new TlogError("malformed", "note is not valid UTF-8", { cause });
  }
}

/**
 * Splits a signed note into its text and signatures, checking the form but no signature.
 * Identical signature lines are kept once (as Go's note.Open drops repeats).
 */
export function parseSignedNote(
  msg: string | Uint8Array,
  limits: NoteLimits = DEFAULT_NOTE_LIMITS,
): SignedNote {
  const note = decodeNote(msg, limits);
  checkNoteCharacters(note, "note");
  const split = note.lastIndexOf("\n\n");
  if (split < 0) throw new TlogError("malformed", "note has no blank line before its signatures");
  const text = note.slice(0, split + 1);
  const block = note.slice(split + 2);
  if (block.length === 0 || !block.endsWith("\n")) {
    throw new TlogError("malformed", "note's signature block is empty or does not end in a newline");
  }
  const lines = block.slice(0, -1).split("\n");
  if (lines.length > limits.maxSignatures) {
    throw new TlogError("too_large", `note has more than ${limits.maxSignatures} signatures`, {
      details: `${lines.length} lines`,
    });
  }
  const seen = new Set<string>();
  const signatures: NoteSignature[] = [];
  lines.forEach((line, i) => {
    if (seen.has(line)) return;
    seen.add(line);
    signatures.push(parseSignatureLine(line, i));
  });
  return { text, signatures };
}

function parseSignatureLine(line: string, i: number): NoteSignature {
  if (!line.startsWith(SIGNATURE_PREFIX)) {
    throw new TlogError("malformed", `note signature line ${i} does not start with an em dash and a space`);
  }
  const rest = line.slice(SIGNATURE_PREFIX.length);
  const space = rest.indexOf(" ");
  const name = space < 0 ? rest : rest.slice(0, space);
  const b64 = space < 0 ? "" : rest.slice(space + 1);
  if (!isValidKeyName(name))
    throw new TlogError("malformed", `note signature line ${i} has an invalid key name`);
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(b64, "signature");
  } catch (cause) {
    throw new TlogError("malformed", `note signature line ${i} is not base64`, { cause });
  }
  if (bytes.length < 5)
    throw new TlogError("malformed", `note signature line ${i} is shorter than a key ID and a signature`);
  return { name, keyId: readUint32(bytes, 0), signature: bytes.subarray(4) };
}

/** Checks a note text can be signed: non-empty, ends in a newline, no control character but it. */
export function checkNoteText(text: string): void {
  if (typeof text !== "string" || text.length === 0 || !text.endsWith("\n")) {
    throw new TlogError("malformed", "note text must end in a newline");
  }
  checkNoteCharacters(text, "note text");
}

export function signatureLine(signature: NoteSignature): string {
  const bytes = new Uint8Array(4 + signature.signature.length);
  new DataView(bytes.buffer).setUint32(0, signature.keyId);
  bytes.set(signature.signature, 4);
  return `${SIGNATURE_PREFIX}${signature.name} ${toBase64(bytes)}\n`;
}

export function formatSignedNote(note: SignedNote): string {
  checkNoteText(note.text);
  if (note.signatures.length === 0)
    throw new TlogError("invalid_argument", "a signed note has at least one signature");
  return `${note.text}\n${note.signatures.map(signatureLine).join("")}`;
}
