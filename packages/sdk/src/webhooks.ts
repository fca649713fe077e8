// Verification of ctxlog webhook deliveries, for receivers.
//
// ┌─ KEY MATERIAL ASSUMPTIONS (align with the webhook worker; see `…Keys` below) ─────────────────┐
// │ Secrets look like `whsec_<base64>` (or, when a user supplied one, any printable ASCII).       │
// │ webhook-signature = "v1," + base64(HMAC-SHA256(K, `${id}.${timestamp}.${rawBody}`)) with      │
// │   K = base64-decode of the part after `whsec_` (the Standard Webhooks convention); for a     │
// │   secret without that form, K = its UTF-8 bytes (what the worker does for user secrets).     │
// │ X-Service-Signature = lowercase hex HMAC-SHA256(K', rawBody). K' is ACCEPTED EITHER WAY:     │
// │   - the same decoded K (the convention this SDK was specified with), or                      │
// │   - the UTF-8 bytes of the whole secret string, `whsec_` included, which is what the         │
// │     webhook worker's current code (packages/core/src/webhooks/signature.ts) does.            │
// │ Once one convention is final, drop the other from `serviceSignatureKeys` (one line) and its  │
// │ test; webhooks-server-compat.test.ts checks this file against the worker's header builder.   │
// └──────────────────────────────────────────────────────────────────────────────────────────────┘
import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookVerificationError } from "./errors";
import type { WebhookEvent } from "./types";

/** Standard Webhooks' default: a delivery older (or newer) than this is refused as a possible replay. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type WebhookHeaders =
  | Headers
  | { get(name: string): string | null }
  | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The current time, for tests; default `Date.now()`. */
  now?: number | Date;
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * Checks that a webhook POST really comes from ctxlog and is fresh, then returns its parsed body.
 * Throws `WebhookVerificationError` (answer 400 and drop the event) when:
 * - `X-Service-Signature` (or, during a secret rotation, `X-Service-Signature-Previous`) is not the
 *   HMAC of the raw body under `secret`;
 * - none of the space-separated `v1,…` entries of `webhook-signature` signs `id.timestamp.body`;
 * - `webhook-timestamp` is more than 5 minutes from now (a replayed delivery).
 * All comparisons are constant time. `rawBody` must be the exact bytes received (e.g.
 * `express.raw({ type: "application/json" })`), never re-serialized JSON. `secret` may be a list,
 * for a receiver holding both the old and the new secret during a rotation.
 */
export function verifyWebhook<T = WebhookEvent>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): T {
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) {
    throw new TypeError(
      "verifyWebhook needs the raw body as a string or Buffer; use express.raw(), not express.json()",
    );
  }
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody);
  const secrets = typeof secret === "string" ? [secret] : [...secret];
  if (secrets.length === 0) throw new TypeError("verifyWebhook: no secret given");
  for (const s of secrets) {
    if (typeof s !== "string" || s.length === 0)
      throw new TypeError("verifyWebhook: a secret must be a non-empty string");
  }
  const header = headerReader(headers);

  const serviceSignatures = [header("x-service-signature"), header("x-service-signature-previous")].filter(
    (v): v is string => v !== undefined,
  );
  const id = header("webhook-id");
  const timestamp = header("webhook-timestamp");
  const signatures = header("webhook-signature");
  if (serviceSignatures.length === 0) fail("missing_header", "X-Service-Signature header is missing");
  if (!id || !timestamp || !signatures) {
    fail("missing_header", "webhook-id, webhook-timestamp and webhook-signature headers are required");
  }

  // Freshness first: it is cheap and a stale delivery is refused whatever its signature.
  if (!/^\d{1,15}$/.test(timestamp)) fail("invalid_timestamp", "webhook-timestamp is not unix seconds");
  const sentAt = Number(timestamp);
  const now = Math.floor(Number(options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (now - sentAt > tolerance) fail("timestamp_too_old", `webhook-timestamp is ${now - sentAt} s old`);
  if (sentAt - now > tolerance) fail("timestamp_too_new", `webhook-timestamp is ${sentAt - now} s ahead`);

  const serviceOk = secrets.flatMap(serviceSignatureKeys).some((key) => {
    const expected = hmac(key, body);
    return serviceSignatures.some(
      (given) => HEX_SHA256.test(given) && safeEqual(Buffer.from(given, "hex"), expected),
    );
  });
  if (!serviceOk) fail("invalid_signature", "X-Service-Signature does not match the body");

  // Signed content per Standard Webhooks: `${id}.${timestamp}.${body}`, the body as raw bytes.
  const signed = Buffer.concat([Buffer.from(`${id}.${sentAt}.`, "utf8"), body]);
  const candidates = signatures
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .map((entry) => Buffer.from(entry.slice(3), "base64"));
  const standardOk = secrets.map(standardWebhooksKey).some((key) => {
    const expected = hmac(key, signed);
    return candidates.some((given) => safeEqual(given, expected));
  });
  if (!standardOk) fail("invalid_signature", "no webhook-signature entry matches");

  try {
    return JSON.parse(body.toString("utf8")) as T;
  } catch {
    return fail("invalid_body", "the signed body is not JSON");
  }
}

const STANDARD_SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** Standard Webhooks key: the base64 bytes after `whsec_`; any other secret is used as UTF-8 bytes. */
function standardWebhooksKey(secret: string): Buffer {
  const encoded = STANDARD_SECRET.exec(secret)?.[1];
  const decoded = encoded ? Buffer.from(encoded, "base64") : undefined;
  return decoded && decoded.length > 0 ? decoded : Buffer.from(secret, "utf8");
}

/** See KEY MATERIAL ASSUMPTIONS at the top of this file. */
function serviceSignatureKeys(secret: string): Buffer[] {
  return [standardWebhooksKey(secret), Buffer.from(secret, "utf8")];
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

// timingSafeEqual throws on different lengths; a length mismatch reveals only the (public) length.
function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function fail(reason: WebhookVerificationError["reason"], message: string): never {
  throw new WebhookVerificationError(reason, message);
}

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  if (typeof (headers as Headers).get === "function") {
    return (name) => (headers as Headers).get(name) ?? undefined;
  }
  // Node's IncomingHttpHeaders are lower-case already; other records may not be.
  const record = headers as Record<string, string | string[] | undefined>;
  const byLowerName = new Map(Object.keys(record).map((k) => [k.toLowerCase(), record[k]]));
  return (name) => {
    const value = byLowerName.get(name);
    return Array.isArray(value) ? value.join(" ") : value;
  };
}
