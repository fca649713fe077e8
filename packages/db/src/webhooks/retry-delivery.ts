import type { PrismaClient, WebhookDelivery } from "../generated/prisma/client";

export type RetryDeliveryResult =
  | { outcome: "retried"; delivery: WebhookDelivery }
  | { outcome: "not_found" }
  | { outcome: "not_failed"; delivery: WebhookDelivery };

/**
 * Starts a new five-attempt cycle for a failed delivery: same delivery id, same stored body, due
 * now. The caller enqueues it (jobId = delivery id); if that enqueue is lost the reconciler finds
 * the due row. Only a failed delivery can be retried: a pending one is already on its way.
 */
export async function retryDelivery(
  db: PrismaClient,
  webhookId: string,
  deliveryId: string,
): Promise<RetryDeliveryResult> {
  const now = new Date();
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, webhookId, status: "failed" },
    data: { status: "pending", attempts: 0, cycle: { increment: 1 }, nextAttemptAt: now, updatedAt: now },
  });
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId } });
  if (!delivery) return { outcome: "not_found" };
  return count === 0 ? { outcome: "not_failed", delivery } : { outcome: "retried", delivery };
}
