import { type DeliveryKey, deliveryKeyText, type EndpointState } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { createDeliveryRows } from "./delivery-transitions";
import { ENDPOINT_DISABLED_ERROR } from "./disable-webhook";
import { eventIdBounds } from "./event-id-bounds";
import { claimUnfannedEvents, subscribersOfEvents } from "./fan-out-events.queries";

export interface FanOutResult {
  /** events claimed (taken out of the fan-out's queue) */
  events: number;
  /** the deliveries created pending (the lifecycle's `create`), in event order: enqueue them with
   * jobId = the key */
  deliveries: DeliveryKey[];
}

const DISABLED: EndpointState = "disabled";

/**
 * Claims up to `batchSize` events not yet fanned out (the oldest in the queue, unfanned_events;
 * SKIP LOCKED, so several workers share the backlog without waiting on each other) and, in the same
 * transaction, creates (the delivery lifecycle's `create`) one pending delivery per live webhook of the event's user subscribed to its
 * name, the events leaving the queue. A webhook created after the event does not get it; a disabled
 * one gets a delivery that is `failed` at once with ENDPOINT_DISABLED_ERROR (not queued; a recover
 * sends it). Deliveries are due at once; if the caller's enqueue is lost, the reconciler finds them
 * by `next_attempt_at`. The event rows themselves are only read.
 */
export async function fanOutEvents(db: DbOrTx, opts: { batchSize: number }): Promise<FanOutResult> {
  return inSqlTransaction(db, async (sql) => {
    const claimed = await runQuery(claimUnfannedEvents, { limit: opts.batchSize }, sql);
    if (claimed.length === 0) return { events: 0, deliveries: [] };
    // the events' days only (ids carry their time: see eventIdBounds)
    const { lo, hi } = eventIdBounds(claimed.map((e) => ({ eventId: e.id })));
    const pairs = await runQuery(
      subscribersOfEvents,
      {
        userIds: claimed.map((e) => e.user_id),
        eventIds: claimed.map((e) => e.id),
        lo,
        hi,
        disabledState: DISABLED,
      },
      sql,
    );
    // The (webhook_ref, event_id) key makes a second fan-out of the same event a no-op; a disabled
    // endpoint's delivery is created failed (recoverable later) and not queued.
    const news = pairs.flatMap((t) =>
      t.webhook_id === null
        ? []
        : [
            {
              webhookId: t.webhook_id,
              eventId: t.event_id,
              disabled: t.disabled === true,
            },
          ],
    );
    if (news.length === 0) return { events: claimed.length, deliveries: [] };
    const created = await createDeliveryRows(sql, news, ENDPOINT_DISABLED_ERROR);
    const due = new Set(created.filter((r) => r.due).map(deliveryKeyText));
    const deliveries = news
      .filter((d) => due.has(deliveryKeyText(d)))
      .map((d) => ({ eventId: d.eventId, webhookId: d.webhookId }));
    return { events: claimed.length, deliveries };
  });
}
