import { listApiKeyPage } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { nextCursor, readCursor } from "../list-cursors";
import { keyResource } from "./key-resource";
import { listKeysQuerySchema } from "./schemas";

/** GET /v1/keys — this user's keys, newest first, optionally by status. */
export function listKeys({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listKeysQuerySchema, req.query, "query");
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
