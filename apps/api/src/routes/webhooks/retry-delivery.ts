import { AppError, deliveryState } from "@ctxlog/core";
import { retryDelivery as reopenDelivery } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import type { deliveryParamsSchema } from "./delivery-schemas";
import { enqueueDelivery, enqueueDeliveryNow } from "./enqueue-delivery";
import { deliveryIdParam, requireOwnWebhook } from "./lookups";
import { deliveryResource } from "./resources";

/**
 * POST /v1/webhooks/:id/deliveries/:delivery_id/retry — a failed delivery starts a new five-attempt
 * cycle (same delivery id, same body); a retrying one is tried now instead of after its delay (the
 * same cycle: "retry now"). A delivery not yet attempted or succeeded, or of a disabled endpoint,
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
    if (result.outcome === "not_retryable") {
      throw new AppError(
        "CONFLICT",
        `Delivery ${deliveryId} is ${deliveryState(result.delivery)}; only a failed or retrying delivery can be retried.`,
      );
    }
    // a retrying delivery's job waits out its delay in the queue: it is promoted, not added again
    if (result.outcome === "due_now") await enqueueDeliveryNow(deps, result.delivery);
    else await enqueueDelivery(deps, result.delivery);
    res.status(202).json(deliveryResource(result.delivery));
  };
}
