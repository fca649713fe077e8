import { createTestDelivery } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { enqueueDelivery } from "./enqueue-delivery";
import { requireOwnWebhook } from "./lookups";
import { deliveryResource } from "./resources";
import { sendTestEventBodySchema } from "./schemas";

/**
 * POST /v1/webhooks/:id/test — a realistic sample of the event type (default context.created),
 * marked `"test": true`, delivered to this webhook only, signed and retried like any event. The
 * webhook need not be subscribed to that event.
 */
export function sendTestEvent(deps: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const webhook = await requireOwnWebhook(deps.db, auth, req);
    const body = validate(sendTestEventBodySchema, req.body ?? {}, "body");
    const event = body.event ?? "context.created";
    const delivery = await createTestDelivery(deps.db, {
      userId: auth.userId,
      webhookId: webhook.id,
      event,
    });
    await enqueueDelivery(deps, delivery.id);
    res.status(202).json(deliveryResource(delivery));
  };
}
