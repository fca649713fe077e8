import { listDeliveries as findDeliveries } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { nextCursor, readCursor } from "../list-cursors";
import { requireOwnWebhook } from "./lookups";
import { deliveryResource } from "./resources";
import { listDeliveriesQuerySchema } from "./schemas";

/** GET /v1/webhooks/:id/deliveries — newest first, filtered by status, cursor-paginated. */
export function listDeliveries({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const webhook = await requireOwnWebhook(db, auth, req);
    const query = validate(listDeliveriesQuerySchema, req.query, "query");
    const page = await findDeliveries(db, webhook.id, {
      status: query.status,
      limit: query.limit,
      after: readCursor(query.cursor, "deliveries"),
    });
    res.json({
      data: page.rows.map(deliveryResource),
      next_cursor: nextCursor("deliveries", page.nextAfter),
    });
  };
}
