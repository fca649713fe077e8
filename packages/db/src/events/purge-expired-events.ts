import { Prisma, type PrismaClient } from "../generated/prisma/client";

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
 * are never touched. Call it until it claims fewer than `batchSize` events.
 */
export async function purgeExpiredEvents(
  db: PrismaClient,
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
  const events = Prisma.raw(opts.defaultPartitionOnly ? "outbox_events_default" : "outbox_events");
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      `SET LOCAL lock_timeout = ${Math.max(1, Math.round(opts.lockTimeoutMs ?? 1_000))}`,
    );
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      SELECT e.id FROM ${events} e
       WHERE e.created_at < ${opts.cutoff} AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
       ORDER BY e.created_at
       LIMIT ${opts.batchSize}
         FOR UPDATE SKIP LOCKED`;
    if (claimed.length === 0) return { claimed: 0, events: 0, deliveries: 0, attempts: 0 };
    const deliveries = await tx.$queryRaw<{ id: string; event_id: string; status: string; first: boolean }[]>`
      SELECT id, event_id, status::text AS status, first_attempted_at IS NOT NULL AS first FROM webhook_deliveries
       WHERE event_id = ANY (${claimed.map((e) => e.id)}::text[])
         FOR UPDATE`;
    const keep = new Set(deliveries.filter((d) => d.status === "pending").map((d) => d.event_id));
    const eventIds = claimed.map((e) => e.id).filter((id) => !keep.has(id));
    const deliveryIds = deliveries.filter((d) => !keep.has(d.event_id)).map((d) => d.id);
    // event_id (the partition key) with the ids: the deletes then visit only the days concerned.
    const logged = await tx.$executeRaw`
      DELETE FROM webhook_attempts
       WHERE delivery_id = ANY (${deliveryIds}::text[]) AND event_id = ANY (${eventIds}::text[])`;
    await tx.$executeRaw`
      DELETE FROM webhook_deliveries WHERE id = ANY (${deliveryIds}::text[]) AND event_id = ANY (${eventIds}::text[])`;
    await tx.$executeRaw`DELETE FROM outbox_events WHERE id = ANY (${eventIds}::text[])`;
    // a delivery's first attempt goes with its row
    const inRows = deliveries.filter((d) => !keep.has(d.event_id) && d.first).length;
    return {
      claimed: claimed.length,
      events: eventIds.length,
      deliveries: deliveryIds.length,
      attempts: logged + inRows,
    };
  });
}
