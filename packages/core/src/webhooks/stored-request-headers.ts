// How an attempt's request headers are kept (webhook_attempts.request_headers). Most of what a
// delivery sends repeats what the row already holds (the delivery id twice, the event name, the
// content type, the timestamp twice, the user agent): an attempt keeps only what varies — the
// timestamp, the signatures and the user agent — and the rest is put back on read. ~470 bytes of
// JSON a row become ~170.
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

export type StoredRequestHeaders = Record<string, string> | PackedRequestHeadersV1;

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
  const packed: PackedRequestHeadersV1 = { "@v": 1, t: timestamp, s: signature, w: standard, ua: userAgent };
  const previous = headers["x-service-signature-previous"];
  if (previous !== undefined) packed.p = previous;
  return sameHeaders(unpackV1(packed, ref), headers) ? packed : headers;
}

/** The headers as sent, from what was stored (either form). */
export function unpackRequestHeaders(stored: unknown, ref: RequestHeadersRef): Record<string, string> {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return {};
  if ((stored as { "@v"?: unknown })["@v"] === 1) return unpackV1(stored as PackedRequestHeadersV1, ref);
  return stored as Record<string, string>;
}
