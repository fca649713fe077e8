import { listApiKeyPage } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { keyResource } from "./key-resource";
import type { listKeysQuerySchema } from "./schemas";

/** GET /v1/keys — this user's keys, newest first, optionally by status. */
export function listKeys({ db }: ApiDeps): RouteHandler<{ query: typeof listKeysQuerySchema }> {
  return async ({ query, auth, res }) => {
    requireSession(auth); // sessions only, whatever the route table says
    const page = await listApiKeyPage(db, auth.userId, {
      limit: query.limit,
      after: readCursor(query.cursor, "keys"),
      status: query.status,
    });
    res.json({
      data: page.rows.map((row) => keyResource(row, auth.plan)),
      next_cursor: nextCursor("keys", page.nextAfter),
    });
  };
}
