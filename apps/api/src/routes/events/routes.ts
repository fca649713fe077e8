import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { getEvent } from "./get-event";
import { listEventTypes } from "./list-event-types";
import { listEvents } from "./list-events";
import { eventIdParamsSchema, eventSchema, eventTypeListSchema, listEventsQuerySchema } from "./schemas";

/** Recorded events (manage-webhooks permission: full keys and sessions) and the event catalog. */
export const eventRoutes: RouteSpec[] = [
  defineRoute({
    tag: "Events",
    permission: "webhooks:manage",
    method: "get",
    path: "/events",
    operationId: "listEvents",
    summary: "List the events recorded for the user, newest first, with their deliveries",
    query: listEventsQuerySchema,
    success: {
      status: 200,
      description: "A page of events",
      schema: listResponseSchema(eventSchema, "EventList"),
    },
    errors: [400, 403],
    handler: listEvents,
  }),
  defineRoute({
    tag: "Events",
    permission: "webhooks:manage",
    method: "get",
    path: "/events/:event_id",
    operationId: "getEvent",
    summary: "Read one recorded event: the envelope as sent, and each delivery made of it",
    params: eventIdParamsSchema,
    success: { status: 200, description: "The event", schema: eventSchema },
    errors: [403, 404],
    handler: getEvent,
  }),
  defineRoute({
    tag: "Events",
    permission: "any",
    method: "get",
    path: "/event-types",
    operationId: "listEventTypes",
    summary: "Every event type the service sends, with a JSON Schema of its envelope and a sample",
    success: { status: 200, description: "The event types", schema: eventTypeListSchema },
    errors: [],
    handler: listEventTypes,
  }),
];
