import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { requireOwnWebhook } from "./lookups";
import { webhookResource } from "./resources";

/** GET /v1/webhooks/:id */
export function getWebhook({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    res.json(webhookResource(await requireOwnWebhook(db, requireAuth(req), req)));
  };
}
