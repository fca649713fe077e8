// What one webhook attempt sent and got back — the URL, the request headers, the response headers and
// whether the body was cut — kept as one compressed value (webhook_attempts.exchange, since migration
// 20261127200936). As three JSON columns this took ~350 bytes an attempt, most of it the same names
// and values every time (JSON's keys, "keep-alive", "content-type: …", the day names); raw DEFLATE
// primed with a dictionary of those leaves what varies — the signatures, the timestamps, the port:
// ~110 bytes. The response body and the error stay columns of their own (erasure clears the body in
// SQL; the delivery rates count errors in SQL). The request headers inside are in their one packed
// form (attempt-request-headers.ts); where an exchange is stored is packages/db's
// webhooks/stored-attempts.ts.
//
// The format byte names the dictionary: `EXCHANGE_DICTIONARY_1` never changes once rows use it; a new
// dictionary is a new format, and every format ever written stays readable.

import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { PackedRequestHeaders } from "./attempt-request-headers";

export interface AttemptExchange {
  /** what was sent; null when nothing was (a refused plain-http URL) */
  request: { url: string; headers: PackedRequestHeaders | null } | null;
  /** the response's headers and whether its body was cut at 4 KiB; null when no response came */
  response: { headers: Record<string, string | string[]>; bodyTruncated: boolean } | null;
}

/**
 * Format 1: [1][flags][the 32-byte MACs the flags name][raw DEFLATE of the JSON below, primed with
 * EXCHANGE_DICTIONARY_1]. The signatures are random: as base64 text inside the DEFLATE they cost a
 * byte a character (43 for 32 bytes), so the request headers' MACs (format-2 `s`, `w`, `p`) travel as
 * their bytes ahead of it, and the JSON holds the rest.
 */
const FORMAT_1 = 1;
const MAC_BYTES = 32;
/** flag bit → the packed request headers' field it took out, and how that field spells its MAC */
const MAC_FIELDS = [
  { bit: 1, key: "s", prefix: "", encoding: "base64url" },
  { bit: 2, key: "w", prefix: "v1,", encoding: "base64" },
  { bit: 4, key: "p", prefix: "", encoding: "base64url" },
] as const;
// Substrings the JSON of an exchange repeats, the most frequent last (nearer matches cost fewer
// bits). Frozen: changing a byte would make every format-1 row unreadable.
const EXCHANGE_DICTIONARY_1 = Buffer.from(
  [
    '"server":"nginx"',
    '"server":"cloudflare"',
    '"vary":"Accept-Encoding"',
    '"cache-control":"no-cache, no-store, must-revalidate"',
    '"strict-transport-security":"max-age=31536000; includeSubDomains"',
    '"x-content-type-options":"nosniff"',
    '"x-request-id":"',
    '"x-powered-by":"Express"',
    '"etag":"W/\\"',
    '"content-type":"text/html; charset=utf-8"',
    '"content-type":"application/json"',
    '"content-type":"text/plain; charset=utf-8"',
    '"content-type":"application/json; charset=utf-8"',
    '"content-length":"0"',
    '"content-length":"',
    '"connection":"close"',
    '"transfer-encoding":"chunked"',
    '"content-type":"text/plain"',
    '"keep-alive":"timeout=5"',
    '"connection":"keep-alive"',
    "Sun, Sat, Fri, Thu, Wed, Tue, Mon, ",
    " Jan 2026 Feb 2026 Mar 2026 Apr 2026 May 2026 Jun 2026 Jul 2026 Aug 2026 Sep 2026 Oct 2026 Nov 2026 Dec 2026 ",
    ' GMT","',
    '"date":"',
    '},"x":false}',
    '"user-agent":"',
    '","p":"',
    '","w":"v1,',
    '","s":"',
    '"q":{"@v":2,"t":17',
    '{"u":"http://127.0.0.1:',
    '{"u":"https://',
    '","r":{',
  ].join(""),
  "latin1",
);

/** The JSON form: short keys (u url, q request headers, r response headers, x body truncated). */
interface ExchangeJson {
  u?: string;
  q?: PackedRequestHeaders | null;
  r?: Record<string, string | string[]>;
  x?: boolean;
}

/** The MAC a field holds, when its text is exactly that MAC's spelling (else it stays in the JSON). */
function macOf(value: unknown, field: (typeof MAC_FIELDS)[number]): Buffer | null {
  if (typeof value !== "string" || !value.startsWith(field.prefix)) return null;
  const mac = Buffer.from(value.slice(field.prefix.length), field.encoding);
  return mac.length === MAC_BYTES && field.prefix + mac.toString(field.encoding) === value ? mac : null;
}

const DEFLATE_OPTIONS = { level: 9, dictionary: EXCHANGE_DICTIONARY_1 };

/** The stored bytes of an exchange. */
export function encodeAttemptExchange(exchange: AttemptExchange): Buffer<ArrayBuffer> {
  // key order: url and request first, as the dictionary expects them
  const json: ExchangeJson = {};
  let flags = 0;
  const macs: Buffer[] = [];
  if (exchange.request) {
    json.u = exchange.request.url;
    json.q = exchange.request.headers;
    const headers = exchange.request.headers as Record<string, unknown> | null;
    if (headers?.["@v"] === 2) {
      const rest = { ...headers };
      for (const field of MAC_FIELDS) {
        const mac = macOf(rest[field.key], field);
        if (mac === null) continue;
        flags |= field.bit;
        macs.push(mac);
        delete rest[field.key];
      }
      json.q = rest as unknown as PackedRequestHeaders;
    }
  }
  if (exchange.response) {
    json.r = exchange.response.headers;
    json.x = exchange.response.bodyTruncated;
  }
  const packed = deflateRawSync(Buffer.from(JSON.stringify(json), "utf8"), DEFLATE_OPTIONS);
  return Buffer.concat([Buffer.from([FORMAT_1, flags]), ...macs, packed]) as Buffer<ArrayBuffer>;
}

/**
 * An exchange from its stored bytes. Throws on a format it does not know (a newer writer's). The
 * request headers come back as stored: attempt-request-headers.ts's unpackRequestHeaders gives them
 * as sent.
 */
export function decodeAttemptExchange(stored: Uint8Array): AttemptExchange {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes[0] !== FORMAT_1) throw new Error(`unknown attempt exchange format ${bytes[0]}`);
  const flags = bytes[1] ?? 0;
  let at = 2;
  const macs = new Map<string, string>();
  for (const field of MAC_FIELDS) {
    if ((flags & field.bit) === 0) continue;
    macs.set(field.key, field.prefix + bytes.subarray(at, at + MAC_BYTES).toString(field.encoding));
    at += MAC_BYTES;
  }
  const json = JSON.parse(
    inflateRawSync(bytes.subarray(at), { dictionary: EXCHANGE_DICTIONARY_1 }).toString("utf8"),
  ) as ExchangeJson;
  const headers = json.q === undefined || json.q === null ? null : { ...json.q, ...Object.fromEntries(macs) };
  return {
    request: json.u === undefined ? null : { url: json.u, headers: headers as PackedRequestHeaders | null },
    response: json.r === undefined ? null : { headers: json.r, bodyTruncated: json.x === true },
  };
}
