import { createTestDelivery } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { enqueueDelivery } from "./enqueue-delivery";
import { requireOwnWebhook } from "./lookups";
import { deliveryResource } from "./resources";
import type { sendTestEventBodySchema, webhookIdParamsSchema } from "./schemas";

/**
 * POST /v1/webhooks/:id/test — a realistic sample of the event type (default context.created),
 * marked `"test": true`, delivered to this webhook only, signed and retried like any event. The
 * webhook need not be subscribed to that event.
 */
export function sendTestEvent(
  deps: ApiDeps,
): RouteHandler<{ params: typeof webhookIdParamsSchema; body: typeof sendTestEventBodySchema }> {
  return async ({ params, body, auth, res }) => {
    const webhook = await requireOwnWebhook(deps.db, auth, params.id);
    const event = body.event ?? "context.created";
    const delivery = await createTestDelivery(deps.db, {
      userId: auth.userId,
      webhookId: webhook.id,
      event,
    });
    await enqueueDelivery(deps, delivery);
    res.status(202).json(deliveryResource(delivery));
  };
}
