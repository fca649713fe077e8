import type { DeliveryKey } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { sqlOf } from "../sql-transaction";
import { recoverDeliveryRowsOf } from "./delivery-transitions";

/**
 * The lifecycle's `recover`: a new five-attempt cycle, as retryDelivery gives one, for every
 * delivery of the webhook that ended `failed` and whose event was created in [since, until): same
 * delivery id, same stored body, due now. The window is the event's time (its `created_at`, the
 * envelope's `timestamp`), as a receiver sees it: a delivery row is written by the fan-out a moment
 * later, in a transaction that may have begun before the event existed. Returns their keys, oldest
 * first, for the caller to enqueue (jobId = the delivery's key; a lost enqueue is found
 * by the reconciler). The worker's per-endpoint limit paces them.
 */
export async function recoverDeliveries(
  db: DbOrTx,
  webhookId: string,
  window: { since: Date; until?: Date },
): Promise<DeliveryKey[]> {
  const rows = await recoverDeliveryRowsOf(sqlOf(db), webhookId, {
    since: window.since,
    until: window.until ?? null,
  });
  return rows.sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
}
