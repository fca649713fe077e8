import type { PrismaClient } from "../generated/prisma/client";

export const DELETED_WEBHOOK_ERROR = "webhook deleted before this delivery completed";

/**
 * Deletes a webhook: its row stays (its deliveries point at it) but it leaves every listing and
 * every fan-out, and its pending deliveries are closed in the same transaction so neither the
 * worker nor the reconciler sends anything more to it. False when there was no such webhook.
 */
export async function deleteWebhook(db: PrismaClient, userId: string, webhookId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.webhook.updateMany({
      where: { id: webhookId, userId, deletedAt: null },
      data: { deletedAt: now, updatedAt: now },
    });
    if (count === 0) return false;
    await tx.webhookDelivery.updateMany({
      where: { webhookId, status: "pending" },
      data: { status: "failed", errorMessage: DELETED_WEBHOOK_ERROR, nextAttemptAt: null, updatedAt: now },
    });
    return true;
  });
}
