import { listWebhooks as findWebhooks } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { nextCursor, readCursor } from "../list-cursors";
import { webhookResource } from "./resources";
import { listWebhooksQuerySchema } from "./schemas";

/** GET /v1/webhooks — the caller's webhooks, newest first, without secrets. */
export function listWebhooks({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listWebhooksQuerySchema, req.query, "query");
    const page = await findWebhooks(db, auth.userId, {
      limit: query.limit,
      after: readCursor(query.cursor, "webhooks"),
    });
    res.json({
      data: page.rows.map(webhookResource),
      next_cursor: nextCursor("webhooks", page.nextAfter),
    });
  };
}
