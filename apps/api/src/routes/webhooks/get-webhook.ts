import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { requireOwnWebhook } from "./lookups";
import { webhookResource } from "./resources";
import type { webhookIdParamsSchema } from "./schemas";

/** GET /v1/webhooks/:id */
export function getWebhook({ db }: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema }> {
  return async ({ params, auth, res }) => {
    res.json(webhookResource(await requireOwnWebhook(db, auth, params.id)));
  };
}
