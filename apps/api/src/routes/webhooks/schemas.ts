import {
  EVENT_NAMES,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_HEALTH,
  WEBHOOK_STATES,
} from "@ctxlog/core";
import { z } from "zod";
import { paginationQuerySchema } from "../shared-schemas";

/**
 * How webhook requests are signed; shown on every secret field of the OpenAPI document and in
 * apps/api/README.md, which must say the same.
 */
export const SIGNING_DOC =
  "Signing secret. Generated secrets are `whsec_` + base64 of 32 random bytes (256 bits). " +
  "`X-Service-Signature` is the lowercase hex HMAC-SHA256 of the raw request body keyed with this " +
  "secret string exactly as shown (its UTF-8 bytes, `whsec_` included). The Standard Webhooks " +
  "headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of " +
  "id.timestamp.body>`) are keyed with the base64-decoded bytes after `whsec_`, so " +
  "`new Webhook(secret)` of the `standardwebhooks` library verifies them; a supplied secret that is " +
  'not `whsec_<base64>` is used as raw bytes there (`new Webhook(secret, { format: "raw" })`).';

const eventName = z.enum(EVENT_NAMES);
const events = z
  .array(eventName)
  .min(1)
  .max(EVENT_NAMES.length)
  .refine((list) => new Set(list).size === list.length, "events must not repeat")
  .meta({
    description:
      "Event names this endpoint receives: a non-empty subset of the event types (GET /v1/event-types), each at most once.",
    uniqueItems: true,
  });

/**
 * What the document promises about a webhook URL. The server's own check (checkWebhookUrl, WHATWG
 * parsing) runs in the handler; this pattern is never looser than it (schemas.test.ts holds both
 * to the same samples).
 */
export const WEBHOOK_URL_PATTERN = "^https?://[^\\s/?#@]+(?:[/?][^\\s#]*)?$";
const url = z
  .string()
  .min(1)
  .max(MAX_WEBHOOK_URL_LENGTH)
  .meta({
    description:
      "Absolute URL that receives the events: https (plain http only where the deployment sets " +
      "WEBHOOK_ALLOW_INSECURE_URLS), at most 2048 characters, without credentials (`user:pass@`) or " +
      "fragment (`#…`); relative URLs and other schemes are refused. Loopback, private and other " +
      "special-purpose IP literals and `localhost` are refused unless the deployment sets " +
      "WEBHOOK_ALLOW_PRIVATE_URLS; the address is checked again on every delivery. Stored normalized " +
      "(WHATWG URL), so the response may spell it differently.",
    format: "uri",
    pattern: WEBHOOK_URL_PATTERN,
    example: "https://example.com/hooks/ctxlog",
  });

// base64 of 24–64 bytes, canonical (zero padding bits), after `whsec_`; or 32–256 printable ASCII
// characters that do not start with `whsec_` (webhookSecretProblem in @ctxlog/core is the check).
const B64 = "[A-Za-z0-9+/]";
const PAD2 = `${B64}[AQgw]==`;
const PAD1 = `${B64}{2}[AEIMQUYcgkosw048]=`;
export const WEBHOOK_SECRET_PATTERN =
  `^(?:whsec_(?:(?:${B64}{4}){8,20}(?:${PAD2}|${PAD1})?|(?:${B64}{4}){21}(?:${PAD2})?)` +
  "|(?!whsec_)[\\x21-\\x7e]{32,256})$";
const description = z.string().max(500).meta({ description: "Free text, at most 500 characters." });
const rateLimit = z
  .int()
  .min(1)
  .max(10_000)
  .nullable()
  .meta({
    description:
      "At most this many deliveries per second to this endpoint, spaced evenly, across every worker of " +
      "the deployment; null (the default): no limit beyond the per-endpoint concurrency.",
  });

export const createWebhookBodySchema = z
  .object({
    url,
    events,
    description: description.optional(),
    rate_limit: rateLimit.optional(),
    secret: z
      .string()
      .max(256)
      .optional()
      .meta({
        description:
          `${SIGNING_DOC} When supplied: \`whsec_\` followed by the canonical base64 of 24–64 bytes, or ` +
          "32–256 printable ASCII characters (0x21–0x7E, no spaces) not starting with `whsec_`. Omit it " +
          "to have one generated.",
        pattern: WEBHOOK_SECRET_PATTERN,
      }),
  })
  .strict()
  .meta({ id: "CreateWebhookRequest" });

export const updateWebhookBodySchema = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    rate_limit: rateLimit.optional(),
    disabled: z
      .boolean()
      .optional()
      .meta({
        description:
          "`false` enables a disabled endpoint again (deliveries that failed meanwhile stay failed: recover " +
          "them with POST /webhooks/{id}/recover); `true` disables it (no `webhook.disabled` event is sent).",
      }),
  })
  .strict()
  .refine(
    (body) => Object.keys(body).length > 0,
    "send at least one of url, events, description, rate_limit, disabled",
  )
  .meta({
    id: "UpdateWebhookRequest",
    description: "Only the fields sent change; at least one.",
    minProperties: 1,
  });

export const sendTestEventBodySchema = z
  .object({
    event: eventName.optional().meta({ description: "Event type of the sample; default context.created." }),
  })
  .strict()
  .meta({
    id: "SendTestEventRequest",
    description: "Optional: without a body the sample is context.created.",
  });

export const listWebhooksQuerySchema = paginationQuerySchema
  .extend({
    health: z
      .enum(WEBHOOK_HEALTH)
      .optional()
      .meta({ description: "Only the webhooks with this `health` (what GET /v1/overview counts)." }),
  })
  .strict();

export const webhookIdParamsSchema = z.object({
  id: z.string().meta({ example: "whk_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

const timestamp = z.iso.datetime();

export const webhookSchema = z
  .object({
    webhook_id: z.string(),
    url: z.string(),
    events: z.array(eventName),
    description: z.string(),
    status: z.enum(WEBHOOK_STATES).meta({
      description:
        "`disabled` while nothing is sent to the endpoint (see `disabled_reason`); otherwise `failing` once " +
        "a delivery has used all its attempts, `active` again after a success. GET /v1/overview counts " +
        "endpoints by the same states. `health` tells a degraded endpoint from a healthy one.",
    }),
    health: z.enum(WEBHOOK_HEALTH).meta({
      description:
        "`active`, `degraded` from the first failed attempt (its delivery retries), `failing` once a delivery " +
        "has used all its attempts, `active` again after any success; `disabled` while nothing is sent. " +
        "GET /v1/overview (`webhooks_by_health`) and the webhook_endpoints metric count the same.",
    }),
    disabled: z.boolean().meta({
      description:
        "True while nothing is sent to this endpoint: it answered 410 Gone, had no successful delivery " +
        "for the deployment's WEBHOOK_DISABLE_AFTER_HOURS (default 120) while deliveries kept failing, or " +
        'was disabled through the API. Its new events are recorded as failed deliveries ("endpoint ' +
        'disabled"); PUT `{"disabled": false}` enables it, and a recover sends what it missed.',
    }),
    disabled_at: timestamp.nullable(),
    disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable().meta({
      description: "`gone` (410), `failing` (the disable-after rule) or `manual`; null while enabled.",
    }),
    rate_limit: rateLimit,
    created_at: timestamp,
    updated_at: timestamp,
    previous_secret_expires_at: timestamp.nullable().meta({
      description: "During a secret rotation, until when the previous secret also signs; else null.",
    }),
  })
  .meta({ id: "Webhook" });

export const createdWebhookSchema = webhookSchema
  .extend({ secret: z.string().meta({ description: `${SIGNING_DOC} Shown only in this response.` }) })
  .meta({ id: "CreatedWebhook" });

export const rotatedSecretSchema = z
  .object({
    webhook_id: z.string(),
    secret: z.string().meta({ description: `The new secret. ${SIGNING_DOC}` }),
    previous_secret_expires_at: timestamp.meta({
      description: "Until then deliveries carry a signature with each secret.",
    }),
  })
  .meta({ id: "RotatedWebhookSecret" });

export const deletedWebhookSchema = z
  .object({ webhook_id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhook" });

export const webhookStatsQuerySchema = z
  .object({
    since: timestamp.optional().meta({ description: "Start of the window (default: 24 h before `until`)." }),
    until: timestamp
      .optional()
      .meta({ description: "End of the window, exclusive (default: now); at most 31 days after `since`." }),
  })
  .strict();

export const webhookStatsSchema = z
  .object({
    webhook_id: z.string(),
    since: timestamp,
    until: timestamp,
    bucket_seconds: z.int().meta({
      description: "The size of each bucket: 60 s up to a day, chosen so the window has at most 96 buckets.",
    }),
    buckets: z.array(
      z.object({
        start: timestamp.meta({
          description: "Aligned to a multiple of the bucket size (UTC); the first may start before `since`.",
        }),
        attempts: z.int().meta({ description: "Attempts made in the bucket (within the window)." }),
        succeeded: z.int().meta({ description: "Of those, the ones answered with a 2xx." }),
        success_rate: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .meta({ description: "succeeded / attempts; null without attempts." }),
      }),
    ),
  })
  .meta({
    id: "WebhookStats",
    description:
      "Attempts to this endpoint over time. Counts attempts of deliveries created from 7 days before the window on.",
  });

export type WebhookResource = z.infer<typeof webhookSchema>;
