import { AppError, isId } from "@ctxlog/core";
import { getEvent as findEvent } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { eventResource } from "./resources";
import type { eventIdParamsSchema } from "./schemas";

/** GET /v1/events/:event_id — one of the user's events; anything else is the same 404. */
export function getEvent({ db }: ApiDeps): RouteHandler<{ params: typeof eventIdParamsSchema }> {
  return async ({ params, auth, res }) => {
    const row = isId(params.event_id, "evt") ? await findEvent(db, auth.userId, params.event_id) : null;
    if (!row) throw new AppError("NOT_FOUND", `No event ${params.event_id}.`);
    res.json(eventResource(row));
  };
}
