import { newId } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";
import { ENDPOINT_DISABLED_ERROR } from "./disable-webhook";
import { eventIdBounds } from "./event-id-bounds";

export interface FanOutResult {
  /** events claimed (taken out of the fan-out's queue) */
  events: number;
  /** deliveries created, in event order: enqueue them with jobId = delivery id */
  /** the deliveries created pending (to be queued), each with its event id */
  deliveries: { id: string; eventId: string }[];
}

interface Pair {
  event_id: string;
  event: string;
  webhook_id: string | null;
  disabled: boolean | null;
}

/**
 * Claims up to `batchSize` events not yet fanned out (the oldest in the queue, unfanned_events;
 * SKIP LOCKED, so several workers share the backlog without waiting on each other) and, in the same
 * transaction, creates one pending delivery per live webhook of the event's user subscribed to its
 * name, the events leaving the queue. A webhook created after the event does not get it; a disabled
 * one gets a delivery that is `failed` at once with ENDPOINT_DISABLED_ERROR (not queued; a recover
 * sends it). Deliveries are due at once; if the caller's enqueue is lost, the reconciler finds them
 * by `next_attempt_at`. The event rows themselves are only read.
 */
export async function fanOutEvents(db: PrismaClient, opts: { batchSize: number }): Promise<FanOutResult> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      DELETE FROM unfanned_events
       WHERE id IN (SELECT id FROM unfanned_events ORDER BY id LIMIT ${opts.batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING id`;
    if (claimed.length === 0) return { events: 0, deliveries: [] };
    // the events' days only (ids carry their time: see eventIdBounds)
    const { lo, hi } = eventIdBounds(claimed.map((e) => ({ eventId: e.id })));
    const pairs = await tx.$queryRaw<Pair[]>`
      SELECT e.id AS event_id, e.event, w.id AS webhook_id, w.disabled_at IS NOT NULL AS disabled
        FROM outbox_events e
        LEFT JOIN webhooks w
          ON w.user_id = e.user_id AND w.deleted_at IS NULL
         AND e.event = ANY (w.events) AND w.created_at <= e.created_at
       WHERE e.id = ANY (${claimed.map((e) => e.id)}::text[]) AND e.id BETWEEN ${lo} AND ${hi}
       ORDER BY e.created_at, e.id, w.id`;
    if (pairs.length === 0) return { events: claimed.length, deliveries: [] };

    const targets = pairs.filter((p): p is Pair & { webhook_id: string } => p.webhook_id !== null);
    let deliveries: FanOutResult["deliveries"] = [];
    if (targets.length > 0) {
      const ids = targets.map(() => newId("dlv"));
      // The (event_id, webhook_id) key makes a second fan-out of the same event a no-op.
      const disabled = targets.map((t) => t.disabled === true);
      const inserted = await tx.$queryRaw<{ id: string; pending: boolean }[]>`
        INSERT INTO webhook_deliveries (id, webhook_id, event_id, event, status, error_message,
                                        next_attempt_at, created_at, updated_at)
        SELECT t.id, t.webhook_id, t.event_id, t.event,
               (CASE WHEN t.disabled THEN 'failed' ELSE 'pending' END)::"DeliveryStatus",
               CASE WHEN t.disabled THEN ${ENDPOINT_DISABLED_ERROR} END,
               CASE WHEN t.disabled THEN NULL ELSE now() END, now(), now()
          FROM unnest(${ids}::text[], ${targets.map((t) => t.webhook_id)}::text[],
                      ${targets.map((t) => t.event_id)}::text[], ${targets.map((t) => t.event)}::text[],
                      ${disabled}::boolean[])
               AS t(id, webhook_id, event_id, event, disabled)
        ON CONFLICT (webhook_id, event_id) DO NOTHING
        RETURNING id, status = 'pending' AS pending`;
      // a disabled endpoint's delivery is stored failed (recoverable later) and not queued
      const created = new Set(inserted.filter((r) => r.pending).map((r) => r.id));
      deliveries = targets.flatMap((t, i) => {
        const id = ids[i] as string;
        return created.has(id) ? [{ id, eventId: t.event_id }] : [];
      });
    }
    return { events: claimed.length, deliveries };
  });
}
