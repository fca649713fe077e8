import { type SecretKeyring, sealSecret } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { getWebhook, type WebhookRow } from "./get-webhook";
import { rotateLiveWebhookSecret } from "./rotate-webhook-secret.queries";

export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * Replaces the signing secret. The old one keeps signing (as a second signature) until
 * `overlapMs` from now, so receivers can switch without dropping a delivery. A rotation during an
 * overlap replaces the older previous secret. One UPDATE (`previous_secret = secret` reads the
 * old value), so concurrent rotations cannot lose a secret. Null when there is no such webhook.
 * The new secret is sealed under the keyring's current key; the old one moves with its key id
 * (values are bound to the webhook, not to the column, so the copy still opens).
 */
export async function rotateWebhookSecret(
  db: DbOrTx,
  userId: string,
  webhookId: string,
  opts: { newSecret: string; keyring: SecretKeyring; overlapMs?: number; now?: Date },
): Promise<WebhookRow | null> {
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (opts.overlapMs ?? SECRET_ROTATION_OVERLAP_MS));
  const sealed = sealSecret(opts.keyring, opts.newSecret, webhookId);
  return inSqlTransaction(db, async (sql) => {
    const rotated = await runQuery(
      rotateLiveWebhookSecret,
      { webhookId, userId, secret: sealed.value, secretKeyId: sealed.keyId, expiresAt, now },
      sql,
    );
    return rotated.length === 0 ? null : getWebhook(sql, userId, webhookId);
  });
}
