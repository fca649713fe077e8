import { listWebhooks as findWebhooks } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { webhookResource } from "./resources";
import type { listWebhooksQuerySchema } from "./schemas";

/** GET /v1/webhooks — the caller's webhooks, newest first, without secrets; `?health=` filters. */
export function listWebhooks({ db }: ApiDeps): RouteHandler<{ query: typeof listWebhooksQuerySchema }> {
  return async ({ query, auth, res }) => {
    const page = await findWebhooks(db, auth.userId, {
      health: query.health,
      limit: query.limit,
      after: readCursor(query.cursor, "webhooks"),
    });
    res.json({
      data: page.rows.map(webhookResource),
      next_cursor: nextCursor("webhooks", page.nextAfter),
    });
  };
}
