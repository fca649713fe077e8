import type { DbOrTx } from "../prisma-types";
import { sqlOf } from "../sql-transaction";
import { abandonDeliveryRowsOf } from "./delivery-transitions";

/**
 * Closes queued deliveries that must not be attempted (their webhook was deleted or disabled while
 * they were queued): the lifecycle's `abandon`, failed with the reason, never due again. Each is
 * named by its id and its event (the key's first column: no index holds a delivery's id alone).
 */
export async function abandonDeliveries(
  db: DbOrTx,
  deliveries: readonly { id: string; eventId: string }[],
  reason: string,
): Promise<number> {
  return abandonDeliveryRowsOf(sqlOf(db), deliveries, reason);
}
