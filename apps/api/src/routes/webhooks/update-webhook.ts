import { AppError } from "@ctxlog/core";
import { updateWebhook as patchWebhook } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { checkedWebhookUrl } from "./create-webhook";
import { requireOwnWebhook } from "./lookups";
import { webhookResource } from "./resources";
import { updateWebhookBodySchema } from "./schemas";

/** PUT /v1/webhooks/:id — changes only the fields sent (url, events, description). */
export function updateWebhook({ db, env }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const current = await requireOwnWebhook(db, auth, req);
    const body = validate(updateWebhookBodySchema, req.body, "body");
    const row = await patchWebhook(db, auth.userId, current.id, {
      url: body.url === undefined ? undefined : checkedWebhookUrl(env, body.url),
      events: body.events,
      description: body.description,
    });
    if (!row) throw new AppError("NOT_FOUND", `No webhook ${current.id}.`);
    res.json(webhookResource(row));
  };
}
