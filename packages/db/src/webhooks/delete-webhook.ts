import type { PrismaClient } from "../generated/prisma/client";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { abandonDeliveriesOf } from "./delivery-transitions";
import { deleteEndpointRow, endpointAllows } from "./endpoint-transitions";
import { NothingChanged, rollbackUnlessChanged } from "./nothing-changed";

export const DELETED_WEBHOOK_ERROR = "webhook deleted before this delivery completed";

/**
 * Deletes a webhook (the endpoint lifecycle's `delete`): its row stays (its deliveries point at it)
 * but it leaves every listing and every fan-out, and its queued deliveries are abandoned in the
 * same transaction so neither the worker nor the reconciler sends anything more to it. False when
 * there was no such webhook.
 *
 * The deliveries are written before the webhook: the lock order of every transaction that writes
 * both, as the worker records an attempt and then its endpoint's health (the other order
 * deadlocked against a worker recording an attempt of this webhook). The transaction starts only
 * when the user has such a webhook; one deleted meanwhile rolls the abandoned deliveries back.
 */
export async function deleteWebhook(db: PrismaClient, userId: string, webhookId: string): Promise<boolean> {
  if (!(await endpointAllows(sqlOf(db), webhookId, { userId }))) return false;
  const deleted = await rollbackUnlessChanged(() =>
    inSqlTransaction(db, async (sql) => {
      await abandonDeliveriesOf(sql, webhookId, DELETED_WEBHOOK_ERROR);
      if (!(await deleteEndpointRow(sql, userId, webhookId))) throw new NothingChanged();
      return true;
    }),
  );
  return deleted ?? false;
}
