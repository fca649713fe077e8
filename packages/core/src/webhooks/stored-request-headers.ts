// How an attempt's request headers are kept (webhook_attempts.request_headers). Most of what a
// delivery sends repeats what the row already holds (the delivery id twice, the event name, the
// content type, the timestamp twice, the user agent): an attempt keeps only what varies — the
// timestamp, the signatures and the user agent — and the rest is put back on read. ~470 bytes of
// JSON a row become ~170 (format 1), ~110 with the MACs as bytes and the default agent implied
// (format 2, written since 2026-11-27; both are read).
//
// Exact by construction: `packRequestHeaders` keeps the short form only when unpacking it gives back
// every header as sent, name, value and order; anything else (a header added later, a value unlike
// the template's) is kept whole. Rows written whole (before this form existed) read as they are.

import { webhookHeadersOf } from "./signature";

/** The delivery the headers were sent for: what the short form leaves out. */
export interface RequestHeadersRef {
  deliveryId: string;
  event: string;
}

/**
 * The short form, format 1. Its marker's name holds "@", which no HTTP header name may (RFC 9110
 * token characters), so it never collides with a whole header map.
 */
interface PackedRequestHeadersV1 {
  "@v": 1;
  /** the Unix timestamp signed and sent (both timestamp headers) */
  t: number;
  /** X-Service-Signature */
  s: string;
  /** webhook-signature (Standard Webhooks; several during a secret rotation) */
  w: string;
  /** X-Service-Signature-Previous, during a secret rotation */
  p?: string;
  /** user-agent */
  ua: string;
}

/**
 * The short form, format 2 (since 2026-11-27): format 1 with the MACs as bytes — each
 * X-Service-Signature (64 lowercase hex digits) as base64url, 43 characters — and the user agent
 * left out when it is the sender's default, `FORMAT_2_USER_AGENT` (a value fixed with the format, so
 * a later default never changes what an old row says). ~150 bytes of JSONB a row instead of ~210.
 */
interface PackedRequestHeadersV2 {
  "@v": 2;
  t: number;
  /** X-Service-Signature's 32 bytes, base64url */
  s: string;
  /** webhook-signature as sent (already base64) */
  w: string;
  /** X-Service-Signature-Previous's 32 bytes, base64url */
  p?: string;
  /** user-agent, when it is not FORMAT_2_USER_AGENT */
  ua?: string;
}

/** The user agent a format-2 row without `ua` was sent with. */
const FORMAT_2_USER_AGENT = "ctxlog-webhooks/1.0";

export type StoredRequestHeaders = Record<string, string> | PackedRequestHeadersV1 | PackedRequestHeadersV2;

const HEX_MAC = /^[0-9a-f]{64}$/;
const hexToBase64Url = (hex: string) => Buffer.from(hex, "hex").toString("base64url");
const base64UrlToHex = (b64: string) => Buffer.from(b64, "base64url").toString("hex");

function unpackV2(packed: PackedRequestHeadersV2, ref: RequestHeadersRef): Record<string, string> {
  return unpackV1(
    {
      "@v": 1,
      t: packed.t,
      s: base64UrlToHex(packed.s),
      w: packed.w,
      ...(packed.p !== undefined ? { p: base64UrlToHex(packed.p) } : {}),
      ua: packed.ua ?? FORMAT_2_USER_AGENT,
    },
    ref,
  );
}

function unpackV1(packed: PackedRequestHeadersV1, ref: RequestHeadersRef): Record<string, string> {
  // the worker's headers (laid out where they are built), then the sender's user agent
  return {
    ...webhookHeadersOf({
      deliveryId: ref.deliveryId,
      event: ref.event,
      timestamp: packed.t,
      serviceSignature: packed.s,
      standardSignatures: packed.w,
      ...(packed.p !== undefined ? { previousServiceSignature: packed.p } : {}),
    }),
    "user-agent": packed.ua,
  };
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const aEntries = Object.entries(a);
  const bEntries = Object.entries(b);
  return (
    aEntries.length === bEntries.length &&
    aEntries.every(([name, value], i) => bEntries[i]?.[0] === name && bEntries[i]?.[1] === value)
  );
};

/** What to store for the headers one attempt sent: the short form when it gives them back exactly. */
export function packRequestHeaders(
  headers: Record<string, string>,
  ref: RequestHeadersRef,
): StoredRequestHeaders {
  const timestamp = Number(headers["x-service-timestamp"]);
  const signature = headers["x-service-signature"];
  const standard = headers["webhook-signature"];
  const userAgent = headers["user-agent"];
  if (!Number.isSafeInteger(timestamp) || !signature || !standard || userAgent === undefined) return headers;
  const previous = headers["x-service-signature-previous"];
  if (HEX_MAC.test(signature) && (previous === undefined || HEX_MAC.test(previous))) {
    const packed: PackedRequestHeadersV2 = {
      "@v": 2,
      t: timestamp,
      s: hexToBase64Url(signature),
      w: standard,
    };
    if (previous !== undefined) packed.p = hexToBase64Url(previous);
    if (userAgent !== FORMAT_2_USER_AGENT) packed.ua = userAgent;
    if (sameHeaders(unpackV2(packed, ref), headers)) return packed;
  }
  const packed: PackedRequestHeadersV1 = { "@v": 1, t: timestamp, s: signature, w: standard, ua: userAgent };
  if (previous !== undefined) packed.p = previous;
  return sameHeaders(unpackV1(packed, ref), headers) ? packed : headers;
}

/** The headers as sent, from what was stored (either form). */
export function unpackRequestHeaders(stored: unknown, ref: RequestHeadersRef): Record<string, string> {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return {};
  const format = (stored as { "@v"?: unknown })["@v"];
  if (format === 2) return unpackV2(stored as PackedRequestHeadersV2, ref);
  if (format === 1) return unpackV1(stored as PackedRequestHeadersV1, ref);
  return stored as Record<string, string>;
}
