import type { PrismaClient } from "../generated/prisma/client";
import { inSqlTransaction } from "../sql-transaction";
import { abandonDeliveriesOf } from "./delivery-transitions";
import { deleteEndpointRow } from "./endpoint-transitions";

export const DELETED_WEBHOOK_ERROR = "webhook deleted before this delivery completed";

/**
 * Deletes a webhook (the endpoint lifecycle's `delete`): its row stays (its deliveries point at it)
 * but it leaves every listing and every fan-out, and its queued deliveries are abandoned in the
 * same transaction so neither the worker nor the reconciler sends anything more to it. False when
 * there was no such webhook.
 */
export async function deleteWebhook(db: PrismaClient, userId: string, webhookId: string): Promise<boolean> {
  return inSqlTransaction(db, async (sql) => {
    if (!(await deleteEndpointRow(sql, userId, webhookId))) return false;
    await abandonDeliveriesOf(sql, webhookId, DELETED_WEBHOOK_ERROR);
    return true;
  });
}
