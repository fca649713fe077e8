import { AppError } from "@ctxlog/core";
import { disableWebhook, enableWebhook, updateWebhook as patchWebhook } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { checkedWebhookUrl } from "./create-webhook";
import { requireOwnWebhook } from "./lookups";
import { webhookResource } from "./resources";
import type { updateWebhookBodySchema, webhookIdParamsSchema } from "./schemas";

/**
 * PUT /v1/webhooks/:id — changes only the fields sent (url, events, description, rate_limit);
 * `disabled: false` enables a disabled endpoint again, `disabled: true` disables it.
 */
export function updateWebhook({
  db,
  env,
}: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema; body: typeof updateWebhookBodySchema }> {
  return async ({ params, body, auth, res }) => {
    const current = await requireOwnWebhook(db, auth, params.id);
    if (body.disabled === false) await enableWebhook(db, auth.userId, current.id);
    if (body.disabled === true) await disableWebhook(db, current.id, "manual", { userId: auth.userId });
    const row = await patchWebhook(db, auth.userId, current.id, {
      url: body.url === undefined ? undefined : checkedWebhookUrl(env, body.url),
      events: body.events,
      description: body.description,
      rateLimit: body.rate_limit,
    });
    if (!row) throw new AppError("NOT_FOUND", `No webhook ${current.id}.`);
    res.json(webhookResource(row));
  };
}
