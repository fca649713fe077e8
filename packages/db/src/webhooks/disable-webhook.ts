import { type WebhookDisabledReason, webhookDisabledData } from "@ctxlog/core";
import { recordEvent } from "../events/record-event";
import type { PrismaClient } from "../generated/prisma/client";

/** The error of a delivery made for (or pending on) a disabled endpoint: a later recover sends it. */
export const ENDPOINT_DISABLED_ERROR = "endpoint disabled";

interface DisabledRow {
  id: string;
  user_id: string;
  description: string;
  disabled_at: Date;
}

/**
 * Disables a live webhook: nothing more is sent to it, its pending deliveries end `failed` with
 * ENDPOINT_DISABLED_ERROR (recoverable once it is enabled again), and — unless a person did it —
 * `webhook.disabled` is recorded in the same transaction for the user's other endpoints.
 * `failingBefore`: only if the webhook has been failing since before then (the disable-after
 * rule); the condition is checked in the UPDATE itself, so concurrent workers disable it once.
 * Null when nothing changed (already disabled, deleted, recovered meanwhile, or not failing long).
 */
export async function disableWebhook(
  db: PrismaClient,
  webhookId: string,
  reason: WebhookDisabledReason,
  opts: { failingBefore?: Date; userId?: string } = {},
): Promise<DisabledRow | null> {
  return db.$transaction(async (tx) => {
    const failingBefore = opts.failingBefore ?? null;
    const userId = opts.userId ?? null;
    const [row] = await tx.$queryRaw<DisabledRow[]>`
      UPDATE webhooks
         SET disabled_at = now(), disabled_reason = ${reason}, updated_at = now()
       WHERE id = ${webhookId} AND deleted_at IS NULL AND disabled_at IS NULL
         AND (${userId}::text IS NULL OR user_id = ${userId})
         AND (${failingBefore}::timestamptz IS NULL
              OR (status = 'failing' AND failing_since <= ${failingBefore}::timestamptz))
   RETURNING id, user_id, description, disabled_at`;
    if (!row) return null;
    await tx.$executeRaw`
      UPDATE webhook_deliveries
         SET status = 'failed', error_message = ${ENDPOINT_DISABLED_ERROR}, next_attempt_at = NULL, updated_at = now()
       WHERE webhook_id = ${webhookId} AND status = 'pending'`;
    if (reason !== "manual") {
      await recordEvent(tx, {
        userId: row.user_id,
        event: "webhook.disabled",
        data: webhookDisabledData({
          id: row.id,
          description: row.description,
          disabledAt: row.disabled_at,
          disabledReason: reason,
        }),
      });
    }
    return row;
  });
}

/**
 * Enables a disabled webhook of the user again. A webhook still `failing` counts its failing time
 * from now, so the disable-after rule gives it the whole period again. False when the user has no
 * such live webhook; enabling one that is not disabled changes nothing.
 */
export async function enableWebhook(db: PrismaClient, userId: string, webhookId: string): Promise<boolean> {
  const found = await db.$executeRaw`
    UPDATE webhooks
       SET disabled_at = NULL, disabled_reason = NULL, updated_at = now(),
           failing_since = CASE WHEN status = 'failing' THEN now() ELSE NULL END
     WHERE id = ${webhookId} AND user_id = ${userId} AND deleted_at IS NULL AND disabled_at IS NOT NULL`;
  return found > 0;
}
