import { type DeliveryKey, deliveryStoredStatusesFor } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { dueDeliveries } from "./find-due-deliveries.queries";

export interface DueDelivery extends DeliveryKey {
  nextAttemptAt: Date;
  /** its webhook's ref: with nextAttemptAt and eventId, where the next page starts (the index's order) */
  webhookRef: number;
}

/** The stored statuses of a delivery an attempt can be made for (pending and retrying: `pending`). */
const ATTEMPTABLE = deliveryStoredStatusesFor("succeed");

/**
 * Pending deliveries whose next attempt is due, oldest first, a page at a time (`after` = the last
 * row of the previous page): what the queue should hold. The reconciler re-enqueues them with
 * jobId = the delivery's key, so a job still in Redis is left as it is and one lost to a flush or a
 * crash is recreated.
 */
export async function findDueDeliveries(
  db: DbOrTx,
  opts: { limit: number; after?: DueDelivery },
): Promise<DueDelivery[]> {
  return runQuery(
    dueDeliveries,
    {
      due: ATTEMPTABLE,
      afterAt: opts.after?.nextAttemptAt ?? null,
      afterEventId: opts.after?.eventId ?? null,
      afterWebhookRef: opts.after?.webhookRef ?? null,
      limit: opts.limit,
    },
    sqlOf(db),
  );
}
