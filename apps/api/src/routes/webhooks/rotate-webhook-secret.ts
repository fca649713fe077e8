import { AppError, generateWebhookSecret } from "@ctxlog/core";
import { rotateWebhookSecret as rotateSecret } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { requireOwnWebhook } from "./lookups";
import type { webhookIdParamsSchema } from "./schemas";

/**
 * POST /v1/webhooks/:id/rotate-secret — a new generated secret; for the next 24 h deliveries are
 * signed with both the new and the previous one, so receivers can switch without losing any.
 */
export function rotateWebhookSecret({
  db,
  secretsKeyring,
}: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema }> {
  return async ({ params, auth, res }) => {
    const webhook = await requireOwnWebhook(db, auth, params.id);
    const secret = generateWebhookSecret();
    const row = await rotateSecret(db, auth.userId, webhook.id, {
      newSecret: secret,
      keyring: secretsKeyring,
    });
    if (!row?.previousSecretExpiresAt) throw new AppError("NOT_FOUND", `No webhook ${webhook.id}.`);
    res.json({
      webhook_id: row.id,
      secret,
      previous_secret_expires_at: row.previousSecretExpiresAt.toISOString(),
    });
  };
}
