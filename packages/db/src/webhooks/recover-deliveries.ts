import type { DbOrTx } from "../prisma-types";
import { sqlOf } from "../sql-transaction";
import { recoverDeliveryRowsOf } from "./delivery-transitions";

/**
 * The lifecycle's `recover`: a new five-attempt cycle, as retryDelivery gives one, for every
 * delivery of the webhook that ended `failed` and whose event was created in [since, until): same
 * delivery id, same stored body, due now. The window is the event's time (its `created_at`, the
 * envelope's `timestamp`), as a receiver sees it: a delivery row is written by the fan-out a moment
 * later, in a transaction that may have begun before the event existed. Returns them (id and event
 * id), oldest first, for the caller to enqueue (jobId = delivery id; a lost enqueue is found by the
 * reconciler). The worker's per-endpoint limit paces them.
 */
export async function recoverDeliveries(
  db: DbOrTx,
  webhookId: string,
  window: { since: Date; until?: Date },
): Promise<{ id: string; eventId: string }[]> {
  const rows = await recoverDeliveryRowsOf(sqlOf(db), webhookId, {
    since: window.since,
    until: window.until ?? null,
  });
  return rows
    .map((r) => ({ id: r.id, eventId: r.event_id }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
