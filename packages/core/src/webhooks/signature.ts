import { createHmac, timingSafeEqual } from "node:crypto";
import { standardWebhooksKey } from "./secrets";

/** Lowercase hex HMAC-SHA256 of the raw body, keyed with the secret string (the spec's header). */
export function serviceSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, as the Standard Webhooks spec defines. */
export function standardWebhooksSignature(
  secret: string,
  msgId: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac("sha256", standardWebhooksKey(secret))
    .update(`${msgId}.${timestampSeconds}.${body}`, "utf8")
    .digest("base64");
  return `v1,${mac}`;
}

/** Constant-time check of an `X-Service-Signature` value: what a receiver (or the SDK) does. */
export function verifyServiceSignature(secret: string, body: string, signature: string): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(serviceSignature(secret, body), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export interface WebhookHeaderInput {
  /** The delivery id: stable across automatic and manual retries (`X-Service-Delivery`, `webhook-id`). */
  deliveryId: string;
  event: string;
  /** The stored envelope, byte for byte. */
  body: string;
  /** When this attempt is made; the signed timestamp. */
  sentAt: Date;
  secret: string;
  /** The secret before the last rotation, while its overlap lasts: signs too. */
  previousSecret?: string | null;
}

/** What one attempt's headers carry: the delivery, its time, and the signatures made over them. */
export interface WebhookHeaderFields {
  deliveryId: string;
  event: string;
  /** Unix seconds, signed and sent */
  timestamp: number;
  /** X-Service-Signature */
  serviceSignature: string;
  /** webhook-signature: one `v1,…` per secret, space-separated */
  standardSignatures: string;
  /** X-Service-Signature-Previous, during a rotation overlap */
  previousServiceSignature?: string;
}

/**
 * The headers that carry a signature. An attempt's record keeps none of them: each is an HMAC of the
 * body, delivery id and timestamp the record keeps (attempt-request-headers.ts).
 */
export const SIGNATURE_HEADERS = [
  "x-service-signature",
  "x-service-signature-previous",
  "webhook-signature",
] as const;

/**
 * The headers of one attempt, laid out from their fields: the one place that names them and orders
 * them (`buildWebhookHeaders` fills the fields by signing; an attempt's stored short form,
 * attempt-request-headers.ts, fills them from the row).
 */
export function webhookHeadersOf(f: WebhookHeaderFields): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-service-signature": f.serviceSignature,
    "x-service-event": f.event,
    "x-service-delivery": f.deliveryId,
    "x-service-timestamp": String(f.timestamp),
    "webhook-id": f.deliveryId,
    "webhook-timestamp": String(f.timestamp),
    "webhook-signature": f.standardSignatures,
  };
  if (f.previousServiceSignature !== undefined) {
    headers["x-service-signature-previous"] = f.previousServiceSignature;
  }
  return headers;
}

/**
 * Every header of one delivery attempt. During a rotation overlap both secrets sign: Standard
 * Webhooks lists several space-separated signatures, and `X-Service-Signature-Previous` carries the
 * old secret's HMAC, so receivers still holding either secret accept the request.
 */
export function buildWebhookHeaders(input: WebhookHeaderInput): Record<string, string> {
  const timestamp = Math.floor(input.sentAt.getTime() / 1000);
  const secrets = input.previousSecret ? [input.secret, input.previousSecret] : [input.secret];
  return webhookHeadersOf({
    deliveryId: input.deliveryId,
    event: input.event,
    timestamp,
    serviceSignature: serviceSignature(input.secret, input.body),
    standardSignatures: secrets
      .map((s) => standardWebhooksSignature(s, input.deliveryId, timestamp, input.body))
      .join(" "),
    ...(input.previousSecret
      ? { previousServiceSignature: serviceSignature(input.previousSecret, input.body) }
      : {}),
  });
}
