import { AppError } from "@ctxlog/core";
import { getDelivery as findDelivery } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { deliveryIdParam, requireOwnWebhook } from "./lookups";
import { deliveryDetailResource } from "./resources";

/** GET /v1/webhooks/:id/deliveries/:delivery_id — the record with every attempt of every cycle. */
export function getDelivery({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const webhook = await requireOwnWebhook(db, requireAuth(req), req);
    const deliveryId = deliveryIdParam(req);
    const row = await findDelivery(db, webhook.id, deliveryId);
    if (!row) throw new AppError("NOT_FOUND", `No delivery ${deliveryId}.`);
    res.json(deliveryDetailResource(row));
  };
}
