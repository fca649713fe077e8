import { AppError } from "@ctxlog/core";
import { deleteWebhook as removeWebhook } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { requireOwnWebhook } from "./lookups";

/** DELETE /v1/webhooks/:id — nothing more is delivered to it, pending retries included. */
export function deleteWebhook({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const webhook = await requireOwnWebhook(db, auth, req);
    if (!(await removeWebhook(db, auth.userId, webhook.id))) {
      throw new AppError("NOT_FOUND", `No webhook ${webhook.id}.`);
    }
    res.json({ webhook_id: webhook.id, deleted: true });
  };
}
