import { DELIVERY_STATES, EVENT_ENVELOPE_SCHEMAS, EVENT_NAMES } from "@ctxlog/core";
import { z } from "zod";
import { paginationQuerySchema } from "../shared-schemas";

const timestamp = z.iso.datetime();
const eventName = z.enum(EVENT_NAMES);

export const listEventsQuerySchema = paginationQuerySchema
  .extend({
    type: eventName.optional().meta({ description: "Only events of this type." }),
    created_after: timestamp.optional().meta({ description: "Only events recorded at or after this time." }),
    created_before: timestamp.optional().meta({ description: "Only events recorded before this time." }),
  })
  .strict();

export const eventIdParamsSchema = z.object({
  event_id: z.string().meta({ example: "evt_01JAZ0YQ8T9X2V3W4B5C6D7E8F" }),
});

const envelopeSchema = z.union(EVENT_NAMES.map((name) => EVENT_ENVELOPE_SCHEMAS[name])).meta({
  id: "EventEnvelope",
  description:
    "The body exactly as signed and sent to every endpoint (the same bytes when serialized with " +
    "JSON.stringify): one of the envelopes in the `webhooks` section.",
});

export const eventSchema = z
  .object({
    event_id: z.string(),
    type: eventName,
    created_at: timestamp,
    envelope: envelopeSchema,
    deliveries: z
      .array(
        z.object({
          delivery_id: z.string(),
          webhook_id: z.string(),
          status: z.enum(DELIVERY_STATES),
        }),
      )
      .meta({
        description:
          "One per endpoint subscribed when the event was recorded (none before the fan-out, a moment later). " +
          "A disabled endpoint's delivery is `failed` at once; recover it after enabling the endpoint.",
      }),
  })
  .meta({ id: "Event" });

export const eventTypeSchema = z
  .object({
    type: eventName,
    summary: z.string(),
    schema: z.record(z.string(), z.unknown()).meta({
      description: "JSON Schema (draft 2020-12) of the envelope, generated from the schemas that build it.",
    }),
    sample: envelopeSchema.meta({
      description: 'A sample envelope, as a test event sends it ("test": true).',
    }),
  })
  .meta({ id: "EventType" });

export const eventTypeListSchema = z.object({ data: z.array(eventTypeSchema) }).meta({ id: "EventTypeList" });

export type EventResource = z.infer<typeof eventSchema>;
