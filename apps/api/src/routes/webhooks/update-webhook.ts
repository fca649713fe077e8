import { AppError } from "@ctxlog/core";
import { updateWebhook as patchWebhook } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { checkedWebhookUrl } from "./create-webhook";
import { requireOwnWebhook } from "./lookups";
import { webhookResource } from "./resources";
import type { updateWebhookBodySchema, webhookIdParamsSchema } from "./schemas";

/** PUT /v1/webhooks/:id — changes only the fields sent (url, events, description). */
export function updateWebhook({
  db,
  env,
}: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema; body: typeof updateWebhookBodySchema }> {
  return async ({ params, body, auth, res }) => {
    const current = await requireOwnWebhook(db, auth, params.id);
    const row = await patchWebhook(db, auth.userId, current.id, {
      url: body.url === undefined ? undefined : checkedWebhookUrl(env, body.url),
      events: body.events,
      description: body.description,
    });
    if (!row) throw new AppError("NOT_FOUND", `No webhook ${current.id}.`);
    res.json(webhookResource(row));
  };
}
