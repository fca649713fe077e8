// How an attempt's request headers are kept, inside its exchange (attempt-exchange.ts). Most of what
// a delivery sends repeats what the delivery's row already holds (the delivery id twice, the event
// name, the content type, the timestamp twice, the user agent): an attempt keeps only what varies —
// the timestamp, and the user agent when it is not the default — and the rest is put back on read.
//
// The signatures are not kept (format 3, migration 20261130171000_attempt_signatures_not_kept). Each
// is an HMAC, under the endpoint's secret, of what the record does keep — the body (rendered from the
// event, the same bytes every time), the delivery id and the timestamp — so whoever holds the secret
// recomputes it, and to anyone else 32 random-looking bytes prove nothing. They were two thirds of a
// stored exchange (64 of ~135 bytes a delivery). Svix and Stripe keep no request signatures either.
//
// One form (issue 37): the headers the worker sends (buildWebhookHeaders, then the sender's user
// agent) always pack exactly, signatures aside; anything else is refused when written, never kept
// another way. The forms written before (the whole map, formats 1 and 2 with the signatures) were
// rewritten into this one by the data steps attempt_forms and attempt_signatures_not_kept
// (packages/db/src/data-steps/); `unpackRequestHeaders` refuses them.

import { SIGNATURE_HEADERS, webhookHeadersOf } from "./signature";

/** The delivery the headers were sent for: what the packed form leaves out. */
export interface RequestHeadersRef {
  deliveryId: string;
  event: string;
}

/**
 * The packed form. Its marker's name holds "@", which no HTTP header name may (RFC 9110 token
 * characters); its value 3 is what rows have said since the signatures stopped being kept (the
 * exchange's dictionary expects it).
 */
export interface PackedRequestHeaders {
  "@v": 3;
  /** the Unix timestamp signed and sent (both timestamp headers) */
  t: number;
  /** user-agent, when it is not DEFAULT_USER_AGENT */
  ua?: string;
}

/** The user agent a packed form without `ua` was sent with (fixed with the form: a later default never changes what a row says). */
const DEFAULT_USER_AGENT = "ctxlog-webhooks/1.0";

const SIGNATURES: ReadonlySet<string> = new Set(SIGNATURE_HEADERS);

/** The headers an attempt sent, less its signatures, in the order sent: what its record keeps. */
export function keptRequestHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !SIGNATURES.has(name)));
}

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
 * back exactly (name, value and order), the signatures aside: only a change to the headers the
 * worker sends can cause that, and its tests fail on the first delivery.
 */
export function packRequestHeaders(
  headers: Record<string, string>,
  ref: RequestHeadersRef,
): PackedRequestHeaders {
  const timestamp = Number(headers["x-service-timestamp"]);
  const userAgent = headers["user-agent"];
  if (Number.isSafeInteger(timestamp) && userAgent !== undefined) {
    const packed: PackedRequestHeaders = { "@v": 3, t: timestamp };
    if (userAgent !== DEFAULT_USER_AGENT) packed.ua = userAgent;
    if (sameHeaders(unpackRequestHeaders(packed, ref), keptRequestHeaders(headers))) return packed;
  }
  throw new Error(
    `request headers of delivery ${ref.deliveryId} are not the worker's (${Object.keys(headers).join(", ")}): their stored form cannot give them back`,
  );
}

/**
 * The headers as sent, less the signatures, from their packed form. Throws on any other form (one
 * written before it).
 */
export function unpackRequestHeaders(
  stored: PackedRequestHeaders,
  ref: RequestHeadersRef,
): Record<string, string> {
  if (stored?.["@v"] !== 3 || !Number.isSafeInteger(stored.t))
    throw new Error(`not the packed form of request headers: ${JSON.stringify(stored)}`);
  // the worker's headers (laid out where they are built; the signatures' places left empty, then
  // left out), then the sender's user agent
  const laidOut = webhookHeadersOf({
    deliveryId: ref.deliveryId,
    event: ref.event,
    timestamp: stored.t,
    serviceSignature: "",
    standardSignatures: "",
  });
  return { ...keptRequestHeaders(laidOut), "user-agent": stored.ua ?? DEFAULT_USER_AGENT };
}
