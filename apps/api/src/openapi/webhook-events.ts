import { EVENT_CATALOG, EVENT_ENVELOPE_SCHEMAS, type EventName } from "@ctxlog/core";

/*
 * The bodies the webhook worker POSTs. The schemas live in @ctxlog/core
 * (packages/core/src/webhooks/event-schemas.ts), beside the builders that make the payloads and
 * typed from them; GET /v1/event-types serves the same schemas as JSON Schema.
 */

/** The envelope of one event type, exactly as serializeEnvelope writes it. */
export function eventEnvelopeSchema(event: EventName) {
  return EVENT_ENVELOPE_SCHEMAS[event];
}

export const eventSummary = (event: EventName) => EVENT_CATALOG[event].summary;
