import { AppError, generateWebhookSecret } from "@ctxlog/core";
import { rotateWebhookSecret as rotateSecret } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { requireOwnWebhook } from "./lookups";

/**
 * POST /v1/webhooks/:id/rotate-secret — a new generated secret; for the next 24 h deliveries are
 * signed with both the new and the previous one, so receivers can switch without losing any.
 */
export function rotateWebhookSecret({ db, secretsKeyring }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const webhook = await requireOwnWebhook(db, auth, req);
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
