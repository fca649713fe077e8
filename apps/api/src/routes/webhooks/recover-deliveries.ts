import { AppError } from "@ctxlog/core";
import { recoverDeliveries as reopenFailed } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import type { recoverBodySchema } from "./delivery-schemas";
import { enqueueDeliveries } from "./enqueue-delivery";
import { requireOwnWebhook } from "./lookups";
import type { webhookIdParamsSchema } from "./schemas";

// Enqueued in pages, so a long outage's backlog is not one huge Redis command.
const ENQUEUE_PAGE = 1_000;

/**
 * POST /v1/webhooks/:id/recover — every delivery of the window that ended failed starts a new
 * five-attempt cycle (same id, same body), as a single retry does. The worker's per-endpoint limit
 * (and the endpoint's rate_limit) paces them. A disabled endpoint must be enabled first (409).
 */
export function recoverDeliveries(
  deps: ApiDeps,
): RouteHandler<{ params: typeof webhookIdParamsSchema; body: typeof recoverBodySchema }> {
  return async ({ params, body, auth, res }) => {
    const webhook = await requireOwnWebhook(deps.db, auth, params.id);
    if (webhook.disabledAt !== null) {
      throw new AppError(
        "CONFLICT",
        `Webhook ${webhook.id} is disabled; enable it (PUT {"disabled": false}) before recovering.`,
      );
    }
    const reopened = await reopenFailed(deps.db, webhook.id, {
      since: new Date(body.since),
      until: body.until === undefined ? undefined : new Date(body.until),
    });
    for (let i = 0; i < reopened.length; i += ENQUEUE_PAGE) {
      await enqueueDeliveries(deps, reopened.slice(i, i + ENQUEUE_PAGE));
    }
    res.status(202).json({ recovering: reopened.length });
  };
}
