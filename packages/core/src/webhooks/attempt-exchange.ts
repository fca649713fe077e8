// What one webhook attempt sent and got back — the URL, the request headers, the response headers and
// whether the body was cut — kept as one compressed value (webhook_attempts.exchange, since migration
// 20261127200936). As three JSON columns this took ~350 bytes an attempt, most of it the same names
// and values every time (JSON's keys, "keep-alive", "content-type: …", the day names); raw DEFLATE
// primed with a dictionary of those leaves what varies — the timestamps, the port: ~70 bytes. The
// response body and the error stay columns of their own (erasure clears the body in SQL; the
// delivery rates count errors in SQL). The request headers inside are in their one packed form,
// without the signatures (attempt-request-headers.ts); where an exchange is stored is
// packages/db's webhooks/stored-attempts.ts.
//
// One form (issue 37): format 2, its dictionary frozen once rows use it (changing a byte would make
// every row unreadable). Format 1 (the signatures' MACs ahead of the DEFLATE, another dictionary) was
// rewritten into it by the data step attempt_signatures_not_kept (migration
// 20261130171000_attempt_signatures_not_kept); its reader lives with that step, and this one refuses it.

import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { PackedRequestHeaders } from "./attempt-request-headers";

export interface AttemptExchange {
  /** what was sent; null when nothing was (a refused plain-http URL) */
  request: { url: string; headers: PackedRequestHeaders | null } | null;
  /** the response's headers and whether its body was cut at 4 KiB; null when no response came */
  response: { headers: Record<string, string | string[]>; bodyTruncated: boolean } | null;
}

/** Format 2: [2][raw DEFLATE of the JSON below, primed with EXCHANGE_DICTIONARY_2]. */
export const ATTEMPT_EXCHANGE_FORMAT = 2;
// Substrings the JSON of an exchange repeats, the most frequent last (nearer matches cost fewer
// bits). Frozen: changing a byte would make every format-2 row unreadable.
const EXCHANGE_DICTIONARY_2 = Buffer.from(
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
    '"q":{"@v":3,"t":17',
    '{"u":"http://127.0.0.1:',
    '{"u":"https://',
    '},"r":{',
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

const DEFLATE_OPTIONS = { level: 9, dictionary: EXCHANGE_DICTIONARY_2 };

/** The stored bytes of an exchange. */
export function encodeAttemptExchange(exchange: AttemptExchange): Buffer<ArrayBuffer> {
  // key order: url and request first, as the dictionary expects them
  const json: ExchangeJson = {};
  if (exchange.request) {
    json.u = exchange.request.url;
    json.q = exchange.request.headers;
  }
  if (exchange.response) {
    json.r = exchange.response.headers;
    json.x = exchange.response.bodyTruncated;
  }
  const packed = deflateRawSync(Buffer.from(JSON.stringify(json), "utf8"), DEFLATE_OPTIONS);
  return Buffer.concat([Buffer.from([ATTEMPT_EXCHANGE_FORMAT]), packed]) as Buffer<ArrayBuffer>;
}

/**
 * An exchange from its stored bytes. Throws on a format it does not know (an older one, rewritten by
 * the data step; a newer writer's). The request headers come back as stored:
 * attempt-request-headers.ts's unpackRequestHeaders gives them as sent.
 */
export function decodeAttemptExchange(stored: Uint8Array): AttemptExchange {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes[0] !== ATTEMPT_EXCHANGE_FORMAT) throw new Error(`unknown attempt exchange format ${bytes[0]}`);
  const json = JSON.parse(
    inflateRawSync(bytes.subarray(1), { dictionary: EXCHANGE_DICTIONARY_2 }).toString("utf8"),
  ) as ExchangeJson;
  return {
    request: json.u === undefined ? null : { url: json.u, headers: json.q ?? null },
    response: json.r === undefined ? null : { headers: json.r, bodyTruncated: json.x === true },
  };
}
