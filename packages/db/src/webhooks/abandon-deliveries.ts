import type { DeliveryKey } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { sqlOf } from "../sql-transaction";
import { abandonDeliveryRowsOf } from "./delivery-transitions";

/**
 * Closes queued deliveries that must not be attempted (their webhook was deleted or disabled while
 * they were queued): the lifecycle's `abandon`, failed with the reason, never due again. Each is
 * named by its key.
 */
export async function abandonDeliveries(
  db: DbOrTx,
  deliveries: readonly DeliveryKey[],
  reason: string,
): Promise<number> {
  return abandonDeliveryRowsOf(sqlOf(db), deliveries, reason);
}
