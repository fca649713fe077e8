import { AppError } from "@ctxlog/core";
import { deleteWebhook as removeWebhook } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { requireOwnWebhook } from "./lookups";
import type { webhookIdParamsSchema } from "./schemas";

/** DELETE /v1/webhooks/:id — nothing more is delivered to it, pending retries included. */
export function deleteWebhook({ db }: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema }> {
  return async ({ params, auth, res }) => {
    const webhook = await requireOwnWebhook(db, auth, params.id);
    if (!(await removeWebhook(db, auth.userId, webhook.id))) {
      throw new AppError("NOT_FOUND", `No webhook ${webhook.id}.`);
    }
    res.json({ webhook_id: webhook.id, deleted: true });
  };
}
