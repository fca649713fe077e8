// How an attempt's request headers are kept, inside its exchange (attempt-exchange.ts). Most of what
// a delivery sends repeats what the delivery's row already holds (the delivery id twice, the event
// name, the content type, the timestamp twice, the user agent): an attempt keeps only what varies —
// the timestamp, the signatures (each X-Service-Signature's 32 bytes as base64url) and the user agent
// when it is not the default — and the rest is put back on read. ~470 bytes of JSON become ~110.
//
// One form (issue 37): the headers the worker sends (buildWebhookHeaders, then the sender's user
// agent) always pack exactly; anything else is refused when written, never kept another way. The
// forms written before (the whole map, the hex-signature format 1) were rewritten into this one by
// the data step attempt_forms (packages/db/src/data-steps/attempt-forms.ts); `unpackRequestHeaders`
// refuses them.

import { webhookHeadersOf } from "./signature";

/** The delivery the headers were sent for: what the packed form leaves out. */
export interface RequestHeadersRef {
  deliveryId: string;
  event: string;
}

/**
 * The packed form. Its marker's name holds "@", which no HTTP header name may (RFC 9110 token
 * characters); its value 2 is what rows have said since 2026-11-27 (and the exchange's dictionary
 * expects).
 */
export interface PackedRequestHeaders {
  "@v": 2;
  /** the Unix timestamp signed and sent (both timestamp headers) */
  t: number;
  /** X-Service-Signature's 32 bytes, base64url */
  s: string;
  /** webhook-signature as sent (already base64; several during a secret rotation) */
  w: string;
  /** X-Service-Signature-Previous's 32 bytes, base64url, during a secret rotation */
  p?: string;
  /** user-agent, when it is not DEFAULT_USER_AGENT */
  ua?: string;
}

/** The user agent a packed form without `ua` was sent with (fixed with the form: a later default never changes what a row says). */
const DEFAULT_USER_AGENT = "ctxlog-webhooks/1.0";

const HEX_MAC = /^[0-9a-f]{64}$/;
const hexToBase64Url = (hex: string) => Buffer.from(hex, "hex").toString("base64url");
const base64UrlToHex = (b64: string) => Buffer.from(b64, "base64url").toString("hex");

const sameHeaders = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const aEntries = Object.entries(a);
  const bEntries = Object.entries(b);
  return (
    aEntries.length === bEntries.length &&
    aEntries.every(([name, value], i) => bEntries[i]?.[0] === name && bEntries[i]?.[1] === value)
  );
};

/**
 * What to store for the headers one attempt sent. Throws when the packed form would not give them
 * back exactly (name, value and order): only a change to the headers the worker sends can cause
 * that, and its tests fail on the first delivery.
 */
export function packRequestHeaders(
  headers: Record<string, string>,
  ref: RequestHeadersRef,
): PackedRequestHeaders {
  const timestamp = Number(headers["x-service-timestamp"]);
  const signature = headers["x-service-signature"] ?? "";
  const previous = headers["x-service-signature-previous"];
  const standard = headers["webhook-signature"];
  const userAgent = headers["user-agent"];
  if (
    Number.isSafeInteger(timestamp) &&
    HEX_MAC.test(signature) &&
    (previous === undefined || HEX_MAC.test(previous)) &&
    standard !== undefined &&
    userAgent !== undefined
  ) {
    const packed: PackedRequestHeaders = { "@v": 2, t: timestamp, s: hexToBase64Url(signature), w: standard };
    if (previous !== undefined) packed.p = hexToBase64Url(previous);
    if (userAgent !== DEFAULT_USER_AGENT) packed.ua = userAgent;
    if (sameHeaders(unpackRequestHeaders(packed, ref), headers)) return packed;
  }
  throw new Error(
    `request headers of delivery ${ref.deliveryId} are not the worker's (${Object.keys(headers).join(", ")}): their stored form cannot give them back`,
  );
}

/** The headers as sent, from their packed form. Throws on any other form (one written before it). */
export function unpackRequestHeaders(
  stored: PackedRequestHeaders,
  ref: RequestHeadersRef,
): Record<string, string> {
  if (stored?.["@v"] !== 2)
    throw new Error(`not the packed form of request headers: ${JSON.stringify(stored)}`);
  // the worker's headers (laid out where they are built), then the sender's user agent
  return {
    ...webhookHeadersOf({
      deliveryId: ref.deliveryId,
      event: ref.event,
      timestamp: stored.t,
      serviceSignature: base64UrlToHex(stored.s),
      standardSignatures: stored.w,
      ...(stored.p !== undefined ? { previousServiceSignature: base64UrlToHex(stored.p) } : {}),
    }),
    "user-agent": stored.ua ?? DEFAULT_USER_AGENT,
  };
}
