import { AppError } from "@ctxlog/core";
import { getDelivery as findDelivery } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import type { deliveryParamsSchema } from "./delivery-schemas";
import { deliveryIdParam, requireOwnWebhook } from "./lookups";
import { deliveryDetailResource } from "./resources";

/** GET /v1/webhooks/:id/deliveries/:delivery_id — the record with every attempt of every cycle. */
export function getDelivery({ db }: ApiDeps): RouteHandler<{ params: typeof deliveryParamsSchema }> {
  return async ({ params, auth, res }) => {
    const webhook = await requireOwnWebhook(db, auth, params.id);
    const deliveryId = deliveryIdParam(params.delivery_id);
    const row = await findDelivery(db, webhook.id, deliveryId);
    if (!row) throw new AppError("NOT_FOUND", `No delivery ${deliveryId}.`);
    res.json(deliveryDetailResource(row));
  };
}
