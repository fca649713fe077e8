import { listEvents as findEvents } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { eventResource } from "./resources";
import type { listEventsQuerySchema } from "./schemas";

/** GET /v1/events — the user's recorded events, newest first, filtered by type and time. */
export function listEvents({ db }: ApiDeps): RouteHandler<{ query: typeof listEventsQuerySchema }> {
  return async ({ query, auth, res }) => {
    const page = await findEvents(db, auth.userId, {
      type: query.type,
      createdAfter: query.created_after === undefined ? undefined : new Date(query.created_after),
      createdBefore: query.created_before === undefined ? undefined : new Date(query.created_before),
      limit: query.limit,
      after: readCursor(query.cursor, "events"),
    });
    res.json({ data: page.rows.map(eventResource), next_cursor: nextCursor("events", page.nextAfter) });
  };
}
