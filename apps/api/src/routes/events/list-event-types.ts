import { EVENT_CATALOG, EVENT_NAMES, eventEnvelopeJsonSchema, sampleEventEnvelope } from "@ctxlog/core";
import type { RouteHandler } from "../route-spec";

// The schemas never change while the process runs: generated once, on the first request.
let schemas: Map<string, Record<string, unknown>> | undefined;

/** GET /v1/event-types — every event the service sends, with the JSON Schema of its envelope and a sample. */
export function listEventTypes(): RouteHandler {
  return async ({ res }) => {
    schemas ??= new Map(EVENT_NAMES.map((name) => [name, eventEnvelopeJsonSchema(name)]));
    res.json({
      data: EVENT_NAMES.map((type) => ({
        type,
        summary: EVENT_CATALOG[type].summary,
        schema: schemas?.get(type) ?? {},
        sample: JSON.parse(sampleEventEnvelope(type)),
      })),
    });
  };
}
