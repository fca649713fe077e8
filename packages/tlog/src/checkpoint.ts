import { fromBase64, toBase64 } from "./bytes";
import { TlogError } from "./errors";
import { checkTreeSize, HASH_SIZE } from "./rfc6962";
import { checkNoteText } from "./signed-note";

/**
 * C2SP tlog-checkpoint note text:
 *   <origin>\n<tree size, decimal>\n<base64 root hash>\n[<extension line>\n]...
 * The origin is any non-empty line (a schema-less URL is recommended, not assumed); extension
 * lines, when present, are non-empty and opaque.
 */
export type Checkpoint = { origin: string; size: number; rootHash: Uint8Array; extensions: string[] };

/** Far beyond any origin in use (and the signed note's own cap bounds the whole text anyway). */
export const MAX_CHECKPOINT_EXTENSIONS = 64;

export function formatCheckpoint(checkpoint: Checkpoint): string {
  const { origin, size, rootHash, extensions } = checkpoint;
  checkTreeSize(size);
  if (typeof origin !== "string" || origin.length === 0 || origin.includes("\n")) {
    throw new TlogError("invalid_argument", "checkpoint origin must be one non-empty line");
  }
  if (rootHash.length !== HASH_SIZE)
    throw new TlogError("invalid_argument", `root hash must be ${HASH_SIZE} bytes`);
  for (const line of extensions) {
    if (line.length === 0 || line.includes("\n"))
      throw new TlogError("invalid_argument", "extension lines must be one non-empty line each");
  }
  const text = [origin, String(size), toBase64(rootHash), ...extensions].map((line) => `${line}\n`).join("");
  checkNoteText(text);
  return text;
}

/** Parses a checkpoint's note text (once its signature is checked: before, the text means nothing). */
export function parseCheckpoint(text: string): Checkpoint {
  checkNoteText(text);
  const lines = text.slice(0, -1).split("\n");
  if (lines.length < 3) throw new TlogError("malformed", "checkpoint has fewer than three lines");
  if (lines.length > 3 + MAX_CHECKPOINT_EXTENSIONS) {
    throw new TlogError("too_large", `checkpoint has more than ${MAX_CHECKPOINT_EXTENSIONS} extension lines`);
  }
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string, ...string[]];
  if (origin.length === 0) throw new TlogError("malformed", "checkpoint origin is empty");
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText))) {
    throw new TlogError("malformed", "checkpoint tree size is not a decimal number from 0 to 2^53 − 1", {
      details: JSON.stringify(sizeText.slice(0, 32)),
    });
  }
  let rootHash: Uint8Array;
  try {
    rootHash = fromBase64(rootText, "root hash");
  } catch (cause) {
    throw new TlogError("malformed", "checkpoint root hash is not base64", { cause });
  }
  if (rootHash.length !== HASH_SIZE)
    throw new TlogError("malformed", `checkpoint root hash is not ${HASH_SIZE} bytes`);
  if (extensions.some((line) => line.length === 0))
    throw new TlogError("malformed", "checkpoint has an empty extension line");
  return { origin, size: Number(sizeText), rootHash, extensions };
}
