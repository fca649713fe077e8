import { inflateRawSync } from "node:zlib";
import {
  ATTEMPT_EXCHANGE_FORMAT,
  type AttemptExchange,
  decodeAttemptExchange,
  type PackedRequestHeaders,
  packRequestHeaders,
  type RequestHeadersRef,
  unpackRequestHeaders,
  webhookHeadersOf,
} from "@ctxlog/core";

// The forms an attempt's exchange and request headers were stored in before their one form
// (@ctxlog/core attempt-exchange.ts format 2, attempt-request-headers.ts format 3), read only by the
// data steps that rewrite them (attempt-forms.ts): exchange format 1 (the signatures' MACs ahead of
// the DEFLATE, another dictionary), and the request headers as the whole map sent (before any
// packing), format 1 (the hex signatures as text, the user agent always named) and format 2 (the
// signatures' bytes). Nothing else reads them.

const HEX_MAC = /^[0-9a-f]{64}$/;
const base64UrlToHex = (b64: string) => Buffer.from(b64, "base64url").toString("hex");

/** What the packed forms before format 3 kept, as the headers spell it (the signatures in hex). */
interface Varying {
  t: number;
  s: string;
  w: string;
  p?: string;
  ua: string;
}

/** The headers those fields and the delivery give, in the order the worker sends them. */
function asSent(v: Varying, ref: RequestHeadersRef): Record<string, string> {
  if (!Number.isSafeInteger(v.t) || typeof v.w !== "string" || typeof v.ua !== "string")
    throw new Error("request headers without a timestamp, a webhook-signature or a user agent");
  if (!HEX_MAC.test(v.s) || (v.p !== undefined && !HEX_MAC.test(v.p)))
    throw new Error("request headers whose signature is not 64 lowercase hex digits");
  return {
    ...webhookHeadersOf({
      deliveryId: ref.deliveryId,
      event: ref.event,
      timestamp: v.t,
      serviceSignature: v.s,
      standardSignatures: v.w,
      ...(v.p !== undefined ? { previousServiceSignature: v.p } : {}),
    }),
    "user-agent": v.ua,
  };
}

/** Format 2's default user agent (a format-2 row without `ua` was sent with it). */
const FORMAT_2_USER_AGENT = "ctxlog-webhooks/1.0";

/**
 * A whole map's headers in the worker's order, when they are exactly the worker's. The order is
 * not compared: the column that held whole maps was JSONB, which keeps no order (it read back
 * sorted), and the worker has always sent its headers in one order.
 */
function wholeMapAsSent(map: Record<string, unknown>, ref: RequestHeadersRef): Record<string, string> {
  const p = map["x-service-signature-previous"];
  const headers = asSent(
    {
      t: Number(map["x-service-timestamp"]),
      s: String(map["x-service-signature"]),
      w: map["webhook-signature"] as string,
      ...(p === undefined ? {} : { p: String(p) }),
      ua: map["user-agent"] as string,
    },
    ref,
  );
  const names = Object.keys(map);
  if (names.length !== Object.keys(headers).length || names.some((name) => headers[name] !== map[name]))
    throw new Error(`request headers other than the worker's (${names.join(", ")})`);
  return headers;
}

/**
 * Headers as stored in any form ever written → their packed form (format 3: the signatures are not
 * kept). packRequestHeaders checks that it gives back every other header exactly. Throws when it
 * cannot.
 */
export function packedFromAnyForm(stored: unknown, ref: RequestHeadersRef): PackedRequestHeaders {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored))
    throw new Error(`request headers that are not a map: ${JSON.stringify(stored)}`);
  const form = (stored as { "@v"?: unknown })["@v"];
  const v = stored as Record<string, unknown>;
  // the current form itself: checked by giving back the headers and packing them again
  if (form === 3) return packRequestHeaders(unpackRequestHeaders(stored as PackedRequestHeaders, ref), ref);
  if (form === 2)
    return packRequestHeaders(
      asSent(
        {
          t: v.t as number,
          s: base64UrlToHex(String(v.s)),
          w: v.w as string,
          ...(v.p === undefined ? {} : { p: base64UrlToHex(String(v.p)) }),
          ua: (v.ua as string | undefined) ?? FORMAT_2_USER_AGENT,
        },
        ref,
      ),
      ref,
    );
  if (form === 1) return packRequestHeaders(asSent(stored as unknown as Varying, ref), ref);
  return packRequestHeaders(wholeMapAsSent(v, ref), ref);
}

// Exchange format 1: [1][flags][the 32-byte MACs the flags name][raw DEFLATE of the JSON, primed with
// EXCHANGE_DICTIONARY_1]; the flags name which packed request header fields travelled as bytes.
const MAC_BYTES = 32;
const MAC_FIELDS = [
  { bit: 1, key: "s", prefix: "", encoding: "base64url" },
  { bit: 2, key: "w", prefix: "v1,", encoding: "base64" },
  { bit: 4, key: "p", prefix: "", encoding: "base64url" },
] as const;
/**
 * Format 1's dictionary, byte for byte as its writer had it: most of its substrings are format 2's
 * too, but each format's dictionary is frozen on its own (a shared list edited for one would silently
 * break the other's rows). Exported for the upgrade tests, which write rows as format 1's writer did.
 */
export const EXCHANGE_DICTIONARY_1 = Buffer.from(
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

/**
 * An exchange stored in any format ever written, its request headers in whatever form they were
 * kept (packedFromAnyForm packs them).
 */
export function exchangeOfAnyFormat(stored: Uint8Array): {
  request: { url: string; headers: unknown } | null;
  response: AttemptExchange["response"];
} {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes[0] === ATTEMPT_EXCHANGE_FORMAT) return decodeAttemptExchange(bytes);
  if (bytes[0] !== 1) throw new Error(`unknown attempt exchange format ${bytes[0]}`);
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
  ) as { u?: string; q?: Record<string, unknown> | null; r?: Record<string, string | string[]>; x?: boolean };
  const headers = json.q === undefined || json.q === null ? null : { ...json.q, ...Object.fromEntries(macs) };
  return {
    request: json.u === undefined ? null : { url: json.u, headers },
    response: json.r === undefined ? null : { headers: json.r, bodyTruncated: json.x === true },
  };
}
