import { type SecretKeyring, sealSecret } from "@ctxlog/core";
import type { PrismaClient, Webhook } from "../generated/prisma/client";

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
  db: PrismaClient,
  userId: string,
  webhookId: string,
  opts: { newSecret: string; keyring: SecretKeyring; overlapMs?: number; now?: Date },
): Promise<Webhook | null> {
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (opts.overlapMs ?? SECRET_ROTATION_OVERLAP_MS));
  const sealed = sealSecret(opts.keyring, opts.newSecret, webhookId);
  const count = await db.$executeRaw`
    UPDATE webhooks
       SET previous_secret = secret, previous_secret_key_id = secret_key_id,
           secret = ${sealed.value}, secret_key_id = ${sealed.keyId},
           previous_secret_expires_at = ${expiresAt}, updated_at = ${now}
     WHERE id = ${webhookId} AND user_id = ${userId} AND deleted_at IS NULL`;
  if (count === 0) return null;
  return db.webhook.findFirst({ where: { id: webhookId, userId } });
}
