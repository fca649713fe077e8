import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { setLocalLockTimeout } from "./lock-timeout.queries";
import {
  claimExpiredDefaultPartitionEvents,
  claimExpiredEvents,
  deleteAttemptsOfEvents,
  deleteDeliveriesOfEvents,
  deleteEventsOf,
  lockDeliveriesOfEvents,
} from "./purge-expired-events.queries";

export interface PurgeResult {
  /** events claimed: fewer than the batch size means nothing more is due */
  claimed: number;
  events: number;
  deliveries: number;
  attempts: number;
}

/**
 * Removes one small batch of events recorded before `cutoff`, with their deliveries and attempts,
 * in one short transaction. An event is taken only once fanned out and while none of its
 * deliveries is pending; its deliveries are locked (waiting at most `lockTimeoutMs`) and checked
 * again, so a delivery a recover or a retry reopened meanwhile keeps its event. Events are claimed
 * with SKIP LOCKED, so several workers share the work and none waits on the fan-out. Contexts
 * are never touched (purge-expired-events.sql). Call it until it claims fewer than `batchSize` events.
 */
export async function purgeExpiredEvents(
  db: DbOrTx,
  opts: {
    cutoff: Date;
    batchSize: number;
    lockTimeoutMs?: number;
    /**
     * Only the events of the default partitions (ids outside every day partition): what
     * retireEventPartitions, which drops whole days, cannot reach.
     */
    defaultPartitionOnly?: boolean;
  },
): Promise<PurgeResult> {
  const claim = opts.defaultPartitionOnly ? claimExpiredDefaultPartitionEvents : claimExpiredEvents;
  return inSqlTransaction(db, async (sql) => {
    await runQuery(setLocalLockTimeout, { ms: Math.max(1, Math.round(opts.lockTimeoutMs ?? 1_000)) }, sql);
    const claimed = await runQuery(claim, { cutoff: opts.cutoff, limit: opts.batchSize }, sql);
    if (claimed.length === 0) return { claimed: 0, events: 0, deliveries: 0, attempts: 0 };
    const userIds = [...new Set(claimed.map((e) => e.user_id))];
    const deliveries = await runQuery(
      lockDeliveriesOfEvents,
      { userIds, eventIds: claimed.map((e) => e.id) },
      sql,
    );
    const keep = new Set(deliveries.filter((d) => d.status === "pending").map((d) => d.event_id));
    const purged = claimed.filter((e) => !keep.has(e.id));
    const eventIds = purged.map((e) => e.id);
    const gone = deliveries.filter((d) => !keep.has(d.event_id));
    const [logged] = await runQuery(deleteAttemptsOfEvents, { eventIds }, sql);
    await runQuery(deleteDeliveriesOfEvents, { userIds, eventIds }, sql);
    await runQuery(deleteEventsOf, { userIds: purged.map((e) => e.user_id), eventIds }, sql);
    // a delivery's first attempt goes with its row
    const inRows = gone.filter((d) => d.first).length;
    return {
      claimed: claimed.length,
      events: eventIds.length,
      deliveries: gone.length,
      attempts: (logged?.count ?? 0) + inRows,
    };
  });
}
