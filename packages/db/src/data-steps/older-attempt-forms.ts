import {
  type PackedRequestHeaders,
  packRequestHeaders,
  type RequestHeadersRef,
  unpackRequestHeaders,
} from "@ctxlog/core";

// The forms an attempt's request headers were stored in before their one packed form
// (@ctxlog/core attempt-request-headers.ts), read only by the data step attempt_forms that rewrites
// them: the whole map as sent (before any packing), and format 1 (the hex signatures as text, the
// user agent always named). Nothing else reads them.

const HEX_MAC = /^[0-9a-f]{64}$/;
const hexToBase64Url = (hex: string) => Buffer.from(hex, "hex").toString("base64url");

/** What a packed form keeps, as the headers spell it (the signatures in hex). */
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
  const packed: PackedRequestHeaders = { "@v": 2, t: v.t, s: hexToBase64Url(v.s), w: v.w, ua: v.ua };
  if (v.p !== undefined) packed.p = hexToBase64Url(v.p);
  return unpackRequestHeaders(packed, ref);
}

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

/** Headers as stored in any form ever written → their packed form. Throws when they cannot be. */
export function packedFromAnyForm(stored: unknown, ref: RequestHeadersRef): PackedRequestHeaders {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored))
    throw new Error(`request headers that are not a map: ${JSON.stringify(stored)}`);
  const form = (stored as { "@v"?: unknown })["@v"];
  // the packed form itself: checked by giving back the headers and packing them again
  if (form === 2) return packRequestHeaders(unpackRequestHeaders(stored as PackedRequestHeaders, ref), ref);
  if (form === 1) return packRequestHeaders(asSent(stored as unknown as Varying, ref), ref);
  return packRequestHeaders(wholeMapAsSent(stored as Record<string, unknown>, ref), ref);
}
