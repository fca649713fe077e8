import { constants, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * How a context's canonical JSON (RFC 8785 of {agent_id, context_data, metadata}: the bytes its
 * context_hash is the hash of) is kept in `contexts.canonical_data`: one format byte, then the
 * bytes. The one copy of the data: context_data and metadata are parsed back from it on read.
 *
 * - 0x00: the UTF-8 text as is (when compressing does not save at least a few bytes);
 * - 0x01: the text's length in bytes (4 bytes, big-endian: what an export of it weighs, readable
 *   in SQL without inflating it), then raw DEFLATE (RFC 1951) of it. Written at level 1 with zlib's
 *   default 32 KiB window: on the bench corpus (agent steps of 200 B–64 KiB, mean 2.9 KiB) that is
 *   1,565 bytes a context where the 1 KiB window written before (until 2026-11-30) took 1,668 (with
 *   zlib's smallest hash table), and it deflated in less time in the same run (83 against 95 µs a
 *   context, alternating); level 6 saves 35 bytes more for ~20 % more time. Raw DEFLATE names no
 *   window: the reader inflates with the largest, which reads a stream written with any smaller
 *   one, so rows written before are in this same form.
 *
 * PostgreSQL compresses nothing in a row under ~2 KB (TOAST_TUPLE_THRESHOLD), so compressing here
 * is the only way a 1 KiB context is stored smaller than its JSON.
 */
export const CANONICAL_RAW = 0x00;
export const CANONICAL_DEFLATE = 0x01;

const DEFLATE_OPTIONS = { level: 1, strategy: constants.Z_DEFAULT_STRATEGY } as const;

// Below this many bytes of text, DEFLATE's block header and the call cost more than they save.
const COMPRESS_FROM = 64;

/** The stored form of a context's canonical JSON. */
export function encodeCanonical(canonical: string): Buffer<ArrayBuffer> {
  const text = Buffer.from(canonical, "utf8");
  if (text.length >= COMPRESS_FROM) {
    const packed = deflateRawSync(text, DEFLATE_OPTIONS);
    if (packed.length + 8 < text.length) {
      const out = Buffer.allocUnsafe(packed.length + 5);
      out[0] = CANONICAL_DEFLATE;
      out.writeUInt32BE(text.length, 1);
      packed.copy(out, 5);
      return out;
    }
  }
  const out = Buffer.allocUnsafe(text.length + 1);
  out[0] = CANONICAL_RAW;
  text.copy(out, 1);
  return out;
}

/**
 * The canonical JSON's UTF-8 bytes back from its stored form, with no string made of them: an
 * export writes them as they are (a large string lives in V8's large-object space until a full GC;
 * a Buffer's memory goes with its small wrapper at the next scavenge).
 */
export function decodeCanonicalBytes(stored: Uint8Array): Buffer {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  switch (bytes[0]) {
    case CANONICAL_RAW:
      return bytes.subarray(1);
    case CANONICAL_DEFLATE:
      return inflateRawSync(bytes.subarray(5));
    default:
      throw new Error(`unknown canonical_data format ${bytes[0]}`);
  }
}

/** The canonical JSON back from its stored form. */
export function decodeCanonical(stored: Uint8Array): string {
  return decodeCanonicalBytes(stored).toString("utf8");
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// JSON.stringify's escapes of the control characters (RFC 8785 leaves none raw in canonical JSON,
// but the function is exact for any UTF-8 text)
const CONTROL_ESCAPES: readonly Buffer[] = Array.from({ length: 0x20 }, (_, c) =>
  Buffer.from(JSON.stringify(String.fromCharCode(c)).slice(1, -1), "latin1"),
);

/**
 * The JSON string literal (quotes included) of a UTF-8 text, as bytes: what
 * `Buffer.from(JSON.stringify(text.toString()))` gives, without making the string.
 */
export function jsonStringBytes(utf8: Uint8Array): Buffer {
  let extra = 0;
  for (const b of utf8) {
    if (b === QUOTE || b === BACKSLASH) extra += 1;
    else if (b < 0x20) extra += (CONTROL_ESCAPES[b] as Buffer).length - 1;
  }
  const out = Buffer.allocUnsafe(utf8.length + extra + 2);
  out[0] = QUOTE;
  let at = 1;
  let from = 0;
  for (let i = 0; i < utf8.length; i++) {
    const b = utf8[i] as number;
    if (b !== QUOTE && b !== BACKSLASH && b >= 0x20) continue;
    at += Buffer.from(utf8.buffer, utf8.byteOffset + from, i - from).copy(out, at);
    if (b < 0x20) at += (CONTROL_ESCAPES[b] as Buffer).copy(out, at);
    else {
      out[at++] = BACKSLASH;
      out[at++] = b;
    }
    from = i + 1;
  }
  at += Buffer.from(utf8.buffer, utf8.byteOffset + from, utf8.length - from).copy(out, at);
  out[at] = QUOTE;
  return out;
}

/** What a reader shows of a context's data: context_data and metadata, parsed from its canonical JSON. */
export interface ContextBody {
  contextData: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  canonicalJson: string | null;
}

/** An erased context's (its data, metadata and canonical JSON are gone). */
export const ERASED_BODY: Readonly<ContextBody> = Object.freeze({
  contextData: null,
  metadata: null,
  canonicalJson: null,
});

/**
 * context_data and metadata from the stored canonical JSON (null: erased). They come back with
 * their members in canonical order (RFC 8785), the same JSON values as were sent.
 */
export function decodeContextBody(stored: Uint8Array | null): ContextBody {
  if (stored === null) return ERASED_BODY;
  const canonicalJson = decodeCanonical(stored);
  const parsed = JSON.parse(canonicalJson) as {
    context_data: Record<string, unknown>;
    metadata?: Record<string, unknown>;
  };
  return { contextData: parsed.context_data ?? null, metadata: parsed.metadata ?? {}, canonicalJson };
}

/** A Merkle proof (0x-hex 32-byte nodes) as stored: the nodes' bytes, concatenated. */
export function encodeProof(proof: readonly string[]): Buffer<ArrayBuffer> {
  const out = Buffer.allocUnsafe(proof.length * 32);
  proof.forEach((node, i) => {
    if (!/^0x[0-9a-fA-F]{64}$/.test(node)) throw new TypeError(`not a 32-byte hash: ${node}`);
    out.write(node.slice(2), i * 32, 32, "hex");
  });
  return out;
}

/** A stored Merkle proof back as 0x-hex nodes (lowercase); null or empty: no proof. */
export function decodeProof(stored: Uint8Array | null): string[] {
  if (stored === null || stored.byteLength === 0) return [];
  if (stored.byteLength % 32 !== 0) throw new Error(`a stored proof of ${stored.byteLength} bytes`);
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const out: string[] = new Array(stored.byteLength / 32);
  for (let i = 0; i < out.length; i++) out[i] = `0x${bytes.toString("hex", i * 32, i * 32 + 32)}`;
  return out;
}
