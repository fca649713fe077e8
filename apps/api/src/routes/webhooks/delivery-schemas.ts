import { DELIVERY_STATES, EVENT_NAMES } from "@ctxlog/core";
import { z } from "zod";
import { paginationQuerySchema } from "../shared-schemas";
import { webhookIdParamsSchema } from "./schemas";

// A webhook's deliveries: what the delivery routes take and give (schemas.ts: the webhook's own).
const eventName = z.enum(EVENT_NAMES);
const timestamp = z.iso.datetime();

// a delivery's states (DELIVERY_LIFECYCLE): `retrying` is a pending delivery that has made an
// attempt and is due again at next_attempt_at
const deliveryStatus = z.enum(DELIVERY_STATES).meta({
  description:
    "`pending` (due, no attempt yet in this cycle), `retrying` (an attempt failed; the next one is at " +
    "`next_attempt_at`), `succeeded`, or `failed` (every attempt of its cycle failed, or its endpoint was " +
    "disabled or deleted).",
});
export const listDeliveriesQuerySchema = paginationQuerySchema
  .extend({ status: deliveryStatus.optional() })
  .strict();

export const deliveryParamsSchema = webhookIdParamsSchema.extend({
  delivery_id: z.string().meta({ example: "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

export const deliverySchema = z
  .object({
    delivery_id: z.string().meta({
      description:
        "Sent as X-Service-Delivery and webhook-id; stable across retries. The event's id as `dlv_` (the same " +
        "ULID as `evt_`): one event has the same delivery id at each of your webhooks (Standard Webhooks' " +
        "message id), so it is unique within a webhook.",
    }),
    webhook_id: z.string(),
    event: eventName,
    status: deliveryStatus,
    attempts: z.int().meta({
      description:
        "Attempts made in the latest cycle that has had one (1–5). 0 only before the delivery's first " +
        "attempt (then last_attempt_at and response_status are null). After a manual retry it keeps the " +
        "previous cycle's count (5), like response_status, error_message and last_attempt_at, until the " +
        "new cycle's first attempt, which shows 1.",
    }),
    response_status: z.int().nullable().meta({ description: "HTTP status of the last attempt, if any." }),
    error_message: z.string().nullable(),
    created_at: timestamp.meta({
      description: "Its event's time: a delivery is created as its event is sent out.",
    }),
    last_attempt_at: timestamp.nullable(),
    next_attempt_at: timestamp.nullable(),
  })
  .meta({ id: "WebhookDelivery" });

const attemptRequestSchema = z
  .object({
    url: z.string().meta({ description: "The endpoint's URL when the attempt was made." }),
    headers: z.record(z.string(), z.string()).meta({
      description:
        "Every header as sent but the signatures (`X-Service-Signature`, `X-Service-Signature-Previous`, " +
        "`webhook-signature`), which are not kept: each is an HMAC, under the endpoint's secret, of the " +
        "body, `webhook-id` and timestamp shown, so the secret's holder recomputes it. The body sent " +
        "is the delivery's `payload`.",
    }),
  })
  .meta({ id: "WebhookAttemptRequest" });

const attemptResponseSchema = z
  .object({
    status: z.int(),
    headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).meta({
      description: "The response's headers, names in lowercase; a repeated header is a list.",
    }),
    body: z.string().meta({
      description: "The first 4 KiB of the response body as UTF-8 text (NUL characters shown as U+FFFD).",
    }),
    body_truncated: z.boolean().meta({ description: "True when the body was longer than `body` shows." }),
  })
  .meta({ id: "WebhookAttemptResponse" });

export const deliveryAttemptSchema = z
  .object({
    cycle: z.int(),
    number: z.int(),
    attempted_at: timestamp.meta({ description: "When the request started." }),
    duration_ms: z
      .int()
      .meta({ description: "From the request's start to the response's end (or the error)." }),
    response_status: z.int().nullable(),
    error: z.string().nullable(),
    request: attemptRequestSchema.nullable().meta({
      description:
        "What was sent; null when nothing was (a plain-http URL refused before connecting) or for attempts " +
        "recorded before requests were kept.",
    }),
    response: attemptResponseSchema.nullable().meta({
      description:
        "What the receiver answered; null when no response came (connection error, timeout, refused " +
        "address). Kept with the attempt, and removed with it after the deployment's RETENTION_DAYS.",
    }),
  })
  .meta({ id: "WebhookAttempt" });

export const deliveryDetailSchema = deliverySchema
  .extend({
    cycle: z.int().meta({ description: "1, plus one per manual retry." }),
    event_id: z.string().meta({ description: "The event this delivery carries (GET /v1/events)." }),
    payload: z.string().meta({
      description:
        "The request body every attempt sent: the event's exact bytes, which the signatures cover.",
    }),
    attempt_log: z.array(deliveryAttemptSchema),
  })
  .meta({ id: "WebhookDeliveryDetail" });

export const recoverBodySchema = z
  .object({
    since: timestamp.meta({ description: "Deliveries of events created at or after this time…" }),
    until: timestamp.optional().meta({ description: "…and before this one (default: now)." }),
  })
  .strict()
  .refine((b) => b.until === undefined || Date.parse(b.until) > Date.parse(b.since), {
    message: "until must be after since",
    path: ["until"],
  })
  .meta({ id: "RecoverWebhookRequest" });

export const recoveringSchema = z
  .object({
    recovering: z.int().meta({ description: "Failed deliveries of the window, each starting a new cycle." }),
  })
  .meta({ id: "RecoveringWebhook" });

export type DeliveryResource = z.infer<typeof deliverySchema>;
export type DeliveryDetailResource = z.infer<typeof deliveryDetailSchema>;
