// The log's side of C2SP tlog-witness: POST <submission prefix>add-checkpoint with
//
//   old <size the log believes the witness holds>
//   <consistency proof hash, base64>…
//   <blank line>
//   <the signed checkpoint>
//
// answered by 200 and the witness's cosignature line(s), 409 and the size the witness holds
// (Content-Type text/x.tlog.size), or another status and why not.
import { type NoteSignature, type NoteVerifierKey, noteVerifier, parseSignedNote } from "@ctxlog/core";

export type AddCheckpointAnswer =
  | { status: "cosigned"; body: string }
  | { status: "conflict"; size: number }
  | { status: "refused"; httpStatus: number; message: string };

/** A cosignature line is ~130 bytes; an answer past this is not one a witness writes. */
const MAX_ANSWER_BYTES = 16 * 1024;

/** The add-checkpoint request body. */
export function addCheckpointBody(oldSize: number, proof: readonly Uint8Array[], note: string): string {
  const lines = proof.map((h) => `${Buffer.from(h).toString("base64")}\n`).join("");
  return `old ${oldSize}\n${lines}\n${note}`;
}

/** The witness's size in a 409's body (decimal, no leading zeros, a newline), or null. */
export function parseConflictSize(body: string): number | null {
  const m = /^(0|[1-9][0-9]{0,15})\n?$/.exec(body);
  if (!m) return null;
  const size = Number(m[1]);
  return Number.isSafeInteger(size) ? size : null;
}

/**
 * The witness's cosignature of `checkpointText` in a 200's body: the line by its key's name and
 * key ID, checked with its key (cosignature/v1). Null when there is none or it does not verify.
 */
export function cosignatureFrom(
  body: string,
  checkpointText: string,
  key: NoteVerifierKey,
): NoteSignature | null {
  let signatures: NoteSignature[];
  try {
    // the answer is signature lines: read them as a note's, after a stand-in text
    signatures = parseSignedNote(`-\n\n${body.endsWith("\n") ? body : `${body}\n`}`).signatures;
  } catch {
    return null;
  }
  const verifier = noteVerifier(key);
  const text = Buffer.from(checkpointText, "utf8");
  const line = signatures.find((s) => s.name === key.name && s.keyId === key.keyId);
  return line && verifier.verify(text, line.signature) ? line : null;
}

/**
 * Sends one add-checkpoint request. No redirect is followed (the witness's URL is the operator's
 * to configure, and nothing else's); the whole exchange is bounded by `timeoutMs`. Throws when the
 * witness cannot be reached or answers past its limit.
 */
export async function addCheckpoint(url: URL, body: string, timeoutMs: number): Promise<AddCheckpointAnswer> {
  const target = new URL("add-checkpoint", url);
  const response = await fetch(target, {
    method: "POST",
    body,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await readLimited(response);
  if (response.status === 200) return { status: "cosigned", body: text };
  if (response.status === 409) {
    const size = parseConflictSize(text);
    if (size !== null) return { status: "conflict", size };
  }
  return { status: "refused", httpStatus: response.status, message: text.trim().slice(0, 200) };
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new Error(`the witness answered more than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
