import { AppError, deliveryState } from "@ctxlog/core";
import { retryDelivery as reopenDelivery } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import type { deliveryParamsSchema } from "./delivery-schemas";
import { enqueueDelivery } from "./enqueue-delivery";
import { deliveryIdParam, requireOwnWebhook } from "./lookups";
import { deliveryResource } from "./resources";

/**
 * POST /v1/webhooks/:id/deliveries/:delivery_id/retry — a new five-attempt cycle for a failed
 * delivery: same delivery id, same body. A delivery that is not failed, or of a disabled endpoint,
 * is a 409.
 */
export function retryDelivery(deps: ApiDeps): RouteHandler<{ params: typeof deliveryParamsSchema }> {
  return async ({ params, auth, res }) => {
    const webhook = await requireOwnWebhook(deps.db, auth, params.id);
    const deliveryId = deliveryIdParam(params.delivery_id);
    if (webhook.disabledAt !== null) {
      throw new AppError(
        "CONFLICT",
        `Webhook ${webhook.id} is disabled; enable it (PUT {"disabled": false}) first.`,
      );
    }
    const result = await reopenDelivery(deps.db, webhook.id, deliveryId);
    if (result.outcome === "not_found") throw new AppError("NOT_FOUND", `No delivery ${deliveryId}.`);
    if (result.outcome === "not_failed") {
      throw new AppError(
        "CONFLICT",
        `Delivery ${deliveryId} is ${deliveryState(result.delivery)}; only a failed delivery can be retried.`,
      );
    }
    await enqueueDelivery(deps, result.delivery);
    res.status(202).json(deliveryResource(result.delivery));
  };
}
