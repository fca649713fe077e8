import { type NoteVerifierKey, parseVerifierKey, SIGNATURE_TYPE } from "@ctxlog/core";

/** A witness the sequencer sends its checkpoints to (one entry of TLOG_WITNESSES). */
export interface WitnessConfig {
  /** the witness's key name: its cosignature lines carry it */
  name: string;
  /** `name+key id+base64`, as given */
  verifierKey: string;
  key: NoteVerifierKey;
  /** its C2SP tlog-witness submission prefix; requests go to `<url>add-checkpoint` */
  url: URL;
}

/**
 * Parses TLOG_WITNESSES: comma-separated `<url>=<verifier key>` entries, e.g.
 * `https://w1.example/=w1.example+1234abcd+BASE64,https://w2.example/tlog/=w2.example+…`.
 * An entry is split at its last `=`: a cosignature key's base64 (33 bytes) has no padding, so `=`
 * belongs to the URL (its query) or nowhere. Refused with a message naming the entry: a URL that
 * is not http(s), or carries credentials or a fragment; a key that is not a cosignature/v1
 * (type 0x04) verifier key (a key whose name holds `,` or `=` cannot be written here: it is read
 * as no key); two entries with one name.
 */
export function parseWitnessList(value: string): WitnessConfig[] {
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const witnesses = entries.map((entry, i) => parseEntry(entry, i));
  const names = new Set<string>();
  for (const w of witnesses) {
    if (names.has(w.name)) throw new Error(`two witnesses are named ${w.name}`);
    names.add(w.name);
  }
  return witnesses;
}

function parseEntry(entry: string, i: number): WitnessConfig {
  const at = entry.lastIndexOf("=");
  if (at < 1) throw new Error(`witness ${i + 1} is not <url>=<verifier key>`);
  const rawUrl = entry.slice(0, at);
  const verifierKey = entry.slice(at + 1);
  let key: NoteVerifierKey;
  try {
    key = parseVerifierKey(verifierKey);
  } catch {
    throw new Error(`witness ${i + 1}: ${JSON.stringify(verifierKey.slice(0, 80))} is not a verifier key`);
  }
  if (key.type !== SIGNATURE_TYPE.cosignatureV1) {
    throw new Error(`witness ${key.name}: not a cosignature/v1 key (type 0x04), a witness's key`);
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new Error(`witness ${key.name}: ${JSON.stringify(rawUrl.slice(0, 80))} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`witness ${key.name}: its URL must be http:// or https://`);
  }
  if (url.username || url.password || url.hash) {
    throw new Error(`witness ${key.name}: its URL must carry no credentials and no fragment`);
  }
  // the submission prefix: add-checkpoint is resolved under it, whether or not it ends in a slash
  if (!url.pathname.endsWith("/")) url.pathname = `${url.pathname}/`;
  return { name: key.name, verifierKey, key, url };
}

/**
 * The default k when TLOG_WITNESS_THRESHOLD is unset: 1 when witnesses are listed (every served
 * checkpoint was seen by a witness; more witnesses add availability, not a stricter rule), 0
 * without. Raise it to require more independent witnesses, at the cost of waiting for them.
 */
export function defaultWitnessThreshold(witnesses: readonly WitnessConfig[]): number {
  return witnesses.length > 0 ? 1 : 0;
}
