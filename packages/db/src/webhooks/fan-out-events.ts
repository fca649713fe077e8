import { newId } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";
import { prismaSql } from "../sql-transaction";
import { createDeliveryRows } from "./delivery-transitions";
import { ENDPOINT_DISABLED_ERROR } from "./disable-webhook";
import { eventIdBounds } from "./event-id-bounds";

export interface FanOutResult {
  /** events claimed (taken out of the fan-out's queue) */
  events: number;
  /** the deliveries created pending (the lifecycle's `create`), in event order, each with its
   * event id: enqueue them with jobId = delivery id */
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
 * transaction, creates (the delivery lifecycle's `create`) one pending delivery per live webhook of the event's user subscribed to its
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
      SELECT e.id AS event_id, e.event, w.id AS webhook_id, ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = 'disabled' AS disabled
        FROM outbox_events e
        LEFT JOIN webhooks w
          ON w.user_id = e.user_id AND w.deleted_at IS NULL
         AND e.event = ANY (w.events) AND w.created_at <= e.created_at
       WHERE e.id = ANY (${claimed.map((e) => e.id)}::text[]) AND e.id BETWEEN ${lo} AND ${hi}
       ORDER BY e.created_at, e.id, w.id`;
    if (pairs.length === 0) return { events: claimed.length, deliveries: [] };

    const targets = pairs.filter((p): p is Pair & { webhook_id: string } => p.webhook_id !== null);
    // The (event_id, webhook_id) key makes a second fan-out of the same event a no-op; a disabled
    // endpoint's delivery is created failed (recoverable later) and not queued.
    const news = targets.map((t) => ({
      id: newId("dlv"),
      webhookId: t.webhook_id,
      eventId: t.event_id,
      event: t.event,
      disabled: t.disabled === true,
    }));
    const created = await createDeliveryRows(prismaSql(tx), news, ENDPOINT_DISABLED_ERROR);
    const due = new Set(created.filter((r) => r.due).map((r) => r.id));
    const deliveries = news.filter((d) => due.has(d.id)).map((d) => ({ id: d.id, eventId: d.eventId }));
    return { events: claimed.length, deliveries };
  });
}
