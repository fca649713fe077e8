import { randomBytes } from "node:crypto";

/**
 * Webhook signing secrets.
 *
 * A generated secret is `whsec_` + base64 of 32 random bytes (256 bits), the Standard Webhooks
 * format, so `new Webhook(secret)` from the `standardwebhooks` library works as is. Two keys are
 * derived from one secret, and documented in the API README and the OpenAPI document:
 *
 * - `X-Service-Signature` (the spec's header): HMAC-SHA256 keyed with the secret string exactly as
 *   shown to the user (its UTF-8 bytes, `whsec_` included) — what `createHmac("sha256", secret)`
 *   does, the natural reading of "keyed with the secret of the webhook endpoint".
 * - `webhook-signature` (Standard Webhooks): keyed with the base64-decoded bytes after `whsec_`,
 *   as the standard defines. A secret the user supplied in another form is used as raw bytes
 *   (`new Webhook(secret, { format: "raw" })` on the receiving side).
 */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
const GENERATED_SECRET_BYTES = 32;
// Standard Webhooks secrets carry 24–64 bytes.
const MIN_STANDARD_KEY_BYTES = 24;
const MAX_STANDARD_KEY_BYTES = 64;
const STANDARD_SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
// Any other secret: 32–256 printable ASCII characters without spaces, so the raw-bytes key is the
// same for every library (latin1 and UTF-8 agree on ASCII) and it survives copy-paste.
const RAW_SECRET = /^[\x21-\x7e]{32,256}$/;

export function generateWebhookSecret(random: (n: number) => Uint8Array = randomBytes): string {
  return WEBHOOK_SECRET_PREFIX + Buffer.from(random(GENERATED_SECRET_BYTES)).toString("base64");
}

function decodeStandardKey(secret: string): Buffer | null {
  const match = STANDARD_SECRET.exec(secret);
  if (!match?.[1] || match[1].length % 4 !== 0) return null;
  const key = Buffer.from(match[1], "base64");
  // Re-encoding must give the same text: refuses non-canonical padding bits.
  if (key.toString("base64") !== match[1]) return null;
  if (key.length < MIN_STANDARD_KEY_BYTES || key.length > MAX_STANDARD_KEY_BYTES) return null;
  return key;
}

/**
 * Why a user-supplied secret is refused, or null when it is acceptable. Untrusted input: returns,
 * never throws.
 */
export function webhookSecretProblem(secret: string): string | null {
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    return decodeStandardKey(secret)
      ? null
      : `a secret starting with ${WEBHOOK_SECRET_PREFIX} must be followed by the canonical base64 of ${MIN_STANDARD_KEY_BYTES}–${MAX_STANDARD_KEY_BYTES} bytes`;
  }
  return RAW_SECRET.test(secret)
    ? null
    : `must be ${WEBHOOK_SECRET_PREFIX}<base64> or 32–256 printable ASCII characters without spaces`;
}

/** The key of the Standard Webhooks signature for a secret (see the module comment). */
export function standardWebhooksKey(secret: string): Buffer {
  return decodeStandardKey(secret) ?? Buffer.from(secret, "utf8");
}
