import { TlogError } from "./errors";

export { sha256 } from "./crypto";

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

// base64, hex and UTF-8 without Node's Buffer: the formats run in browsers too (crypto.ts)
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const SEXTETS = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i] as number, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[n >> 18];
    out += ALPHABET[(n >> 12) & 63];
    out += b === undefined ? "=" : ALPHABET[(n >> 6) & 63];
    out += c === undefined ? "=" : ALPHABET[n & 63];
  }
  return out;
}

/** Decodes text already checked to be padded base64 (BASE64 below). */
function decodeBase64(text: string): Uint8Array {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      ((SEXTETS.get(text[i] as string) ?? 0) << 18) |
      ((SEXTETS.get(text[i + 1] as string) ?? 0) << 12) |
      ((SEXTETS.get(text[i + 2] as string) ?? 0) << 6) |
      (SEXTETS.get(text[i + 3] as string) ?? 0);
    for (const byte of [n >> 16, (n >> 8) & 255, n & 255]) if (at < out.length) out[at++] = byte;
  }
  return out;
}

/** The UTF-8 bytes of a string. */
export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** How many bytes a string's UTF-8 takes, without encoding it (a lone surrogate: 3, as U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) n += 1;
    else if (code < 0x800) n += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Standard padded base64 (RFC 4648 §4), strictly: lenient decoders skip characters they do not
 * know, so "AA AA" and "AA==junk" would decode. Only the canonical encoding is accepted (the unused
 * bits of the last character zero), so each byte string has one text.
 */
export function fromBase64(text: string, what: string): Uint8Array {
  if (!BASE64.test(text)) throw new TlogError("malformed", `${what} is not standard padded base64`);
  const bytes = decodeBase64(text);
  if (toBase64(bytes) !== text) throw new TlogError("malformed", `${what} is not canonical base64`);
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** The bytes of 0x-prefixed hex (either case); `what` names it in the error when it is not. */
export function fromHex0x(text: string, what: string): Uint8Array {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(text)) throw new TlogError("malformed", `${what} is not 0x-hex`);
  const out = new Uint8Array((text.length - 2) / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 + 2 * i, 4 + 2 * i), 16);
  return out;
}

export function readUint32(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] as number) << 24) |
      ((bytes[at + 1] as number) << 16) |
      ((bytes[at + 2] as number) << 8) |
      (bytes[at + 3] as number)) >>>
    0
  );
}

export function uint32Bytes(value: number): Uint8Array {
  return new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

export function uint64Bytes(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value);
  return out;
}

export function readUint64(bytes: Uint8Array, at: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getBigUint64(at);
}
