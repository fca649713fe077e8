import type { DbOrTx } from "../prisma-types";

export interface DueDelivery {
  id: string;
  eventId: string;
  nextAttemptAt: Date;
}

interface Row {
  id: string;
  event_id: string;
  next_attempt_at: Date;
}

/**
 * Pending deliveries whose next attempt is due, oldest first, a page at a time (`after` = the last
 * row of the previous page): what the queue should hold. The reconciler re-enqueues them with
 * jobId = delivery id, so a job still in Redis is left as it is and one lost to a flush or a crash
 * is recreated.
 */
export async function findDueDeliveries(
  db: DbOrTx,
  opts: { limit: number; after?: DueDelivery },
): Promise<DueDelivery[]> {
  const after = opts.after;
  const rows = after
    ? await db.$queryRaw<Row[]>`
        SELECT id, event_id, next_attempt_at FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
           AND (next_attempt_at, id) > (${after.nextAttemptAt}::timestamptz, ${after.id})
         ORDER BY next_attempt_at, id
         LIMIT ${opts.limit}`
    : await db.$queryRaw<Row[]>`
        SELECT id, event_id, next_attempt_at FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id
         LIMIT ${opts.limit}`;
  return rows.map((r) => ({ id: r.id, eventId: r.event_id, nextAttemptAt: r.next_attempt_at }));
}
