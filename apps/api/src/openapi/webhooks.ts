import { DEFAULT_WEBHOOK_TIMEOUT_MS, EVENT_NAMES, type EventName, MAX_DELIVERY_ATTEMPTS } from "@ctxlog/core";
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { eventEnvelopeSchema, eventSummary } from "./webhook-events";

const B64 = "[A-Za-z0-9+/]+={0,2}";

/**
 * The headers of every delivery request, as buildWebhookHeaders (packages/core/src/webhooks/
 * signature.ts) writes them; the worker sends them lowercase, and HTTP header names are
 * case-insensitive.
 */
export const deliveryHeadersSchema = z.object({
  "User-Agent": z.string().meta({ description: "`ctxlog-webhooks/1.0` unless the deployment sets another." }),
  "X-Service-Event": z.enum(EVENT_NAMES).meta({ description: "The event name, as in the body's `event`." }),
  "X-Service-Delivery": z.string().meta({
    description:
      "The delivery id: the same on every automatic and manual retry; deduplicate on it. It is the event's id " +
      "as `dlv_`, so one event has the same delivery id at each of your endpoints (Standard Webhooks' message " +
      "id): a receiver that must handle the event once per endpoint deduplicates on it with the endpoint.",
    example: "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
  }),
  "X-Service-Timestamp": z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: "Unix seconds of this attempt (not of the event)." }),
  "X-Service-Signature": z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({
      description:
        "Lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook's secret string exactly as shown " +
        "(its UTF-8 bytes, `whsec_` included). Compare in constant time.",
    }),
  "X-Service-Signature-Previous": z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .meta({
      description:
        "Only during the 24 h after a secret rotation: the same HMAC keyed with the previous secret.",
    }),
  "webhook-id": z
    .string()
    .meta({ description: "Standard Webhooks: the message id, the delivery id (= X-Service-Delivery)." }),
  "webhook-timestamp": z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: "Standard Webhooks: Unix seconds of this attempt (= X-Service-Timestamp)." }),
  "webhook-signature": z
    .string()
    .regex(new RegExp(`^v1,${B64}( v1,${B64})?$`))
    .meta({
      description:
        'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with ' +
        "the base64-decoded bytes after `whsec_` (a supplied secret in another form: its raw bytes). " +
        "During a rotation a second, space-separated signature with the previous secret follows. " +
        "`new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package checks it.",
    }),
});

const DELIVERY =
  `Sent by POST to each active webhook subscribed to the event. Any 2xx acknowledges; any other ` +
  `status, a redirect, or no complete response within ${DEFAULT_WEBHOOK_TIMEOUT_MS / 1000} s fails the ` +
  `attempt; at most ${MAX_DELIVERY_ATTEMPTS} attempts, 0 s, 5 s, 15 s, 45 s and 2 min apart (the ` +
  "deployment may change the delays). The body is the envelope exactly as stored when the event was " +
  "produced, byte for byte on every retry. A test event (POST /webhooks/{id}/test) has the same shape " +
  'and headers, sample data, and `"test": true`.';

function eventOperation(event: EventName): ZodOpenApiOperationObject {
  const name = event.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
  return {
    operationId: `${name}Event`,
    summary: eventSummary(event),
    description: DELIVERY,
    tags: ["Webhooks"],
    security: [],
    requestParams: { header: deliveryHeadersSchema },
    requestBody: { required: true, content: { "application/json": { schema: eventEnvelopeSchema(event) } } },
    responses: {
      "2XX": { description: "Acknowledged: the delivery succeeded." },
      default: { description: "Any other answer (or none in time) fails the attempt; it is retried." },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` section: one entry per event the service sends. */
export function webhookEvents(): ZodOpenApiPathsObject {
  return Object.fromEntries(EVENT_NAMES.map((event) => [event, { post: eventOperation(event) }]));
}
