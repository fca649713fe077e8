import { listDeliveries as findDeliveries } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import type { listDeliveriesQuerySchema } from "./delivery-schemas";
import { requireOwnWebhook } from "./lookups";
import { deliveryResource } from "./resources";
import type { webhookIdParamsSchema } from "./schemas";

/** GET /v1/webhooks/:id/deliveries — newest first, filtered by status, cursor-paginated. */
export function listDeliveries({
  db,
}: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema; query: typeof listDeliveriesQuerySchema }> {
  return async ({ params, query, auth, res }) => {
    const webhook = await requireOwnWebhook(db, auth, params.id);
    const page = await findDeliveries(db, webhook.id, {
      state: query.status,
      limit: query.limit,
      after: readCursor(query.cursor, "deliveries"),
    });
    res.json({
      data: page.rows.map(deliveryResource),
      next_cursor: nextCursor("deliveries", page.nextAfter),
    });
  };
}
