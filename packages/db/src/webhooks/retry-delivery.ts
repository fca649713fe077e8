import type { PrismaClient, WebhookDelivery } from "../generated/prisma/client";
import { sqlOf } from "../sql-transaction";
import { retryDeliveryRow } from "./delivery-transitions";

export type RetryDeliveryResult =
  | { outcome: "retried"; delivery: WebhookDelivery }
  | { outcome: "not_found" }
  | { outcome: "not_failed"; delivery: WebhookDelivery };

/**
 * The lifecycle's `retry`: a failed delivery starts a new five-attempt cycle, same delivery id,
 * same stored body, due now. The caller enqueues it (jobId = delivery id); if that enqueue is lost
 * the reconciler finds the due row. Only a failed delivery can be retried: a pending one is already
 * on its way.
 */
export async function retryDelivery(
  db: PrismaClient,
  webhookId: string,
  deliveryId: string,
): Promise<RetryDeliveryResult> {
  const retried = await retryDeliveryRow(sqlOf(db), webhookId, deliveryId);
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId } });
  if (!delivery) return { outcome: "not_found" };
  return retried ? { outcome: "retried", delivery } : { outcome: "not_failed", delivery };
}
