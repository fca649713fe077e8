import { eventIdOfDelivery } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { sqlOf } from "../sql-transaction";
import { retryDeliveryNowRow, retryDeliveryRow } from "./delivery-transitions";
import { type DeliveryRow, readDelivery } from "./get-delivery";

export type RetryDeliveryResult =
  | { outcome: "retried"; delivery: DeliveryRow }
  | { outcome: "due_now"; delivery: DeliveryRow }
  | { outcome: "not_found" }
  | { outcome: "not_retryable"; delivery: DeliveryRow };

/**
 * The retry route's two transitions: `retry` — a failed delivery starts a new five-attempt cycle,
 * same delivery id, same stored body, due now — or `retry_now` — a retrying delivery's next attempt
 * (same cycle) is due now instead of after its delay. The caller queues it (enqueueOrPromote: the
 * job of a retrying delivery is waiting in the delayed set); if that is lost the reconciler finds
 * the due row. A delivery not yet attempted is already on its way, and a succeeded one is done:
 * not_retryable.
 */
export async function retryDelivery(
  db: DbOrTx,
  webhookId: string,
  deliveryId: string,
): Promise<RetryDeliveryResult> {
  const eventId = eventIdOfDelivery(deliveryId);
  if (eventId === null) return { outcome: "not_found" };
  const sql = sqlOf(db);
  const retried = await retryDeliveryRow(sql, { webhookId, eventId });
  const dueNow = !retried && (await retryDeliveryNowRow(sql, { webhookId, eventId }));
  const delivery = await readDelivery(sql, webhookId, deliveryId);
  if (!delivery) return { outcome: "not_found" };
  if (retried) return { outcome: "retried", delivery };
  return dueNow ? { outcome: "due_now", delivery } : { outcome: "not_retryable", delivery };
}
