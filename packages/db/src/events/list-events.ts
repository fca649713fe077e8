import { deliveryIdOf } from "@ctxlog/core";
import type { DeliveryStatus } from "../generated/prisma/client";
import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { deliveriesOfEvents, eventOf, eventsPage, type IEventOfResult } from "./list-events.queries";
import { renderPayloads } from "./render-payloads";

export interface ListEventsQuery {
  type?: string;
  /** inclusive */
  createdAfter?: Date;
  /** exclusive */
  createdBefore?: Date;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

export interface EventDeliveryRef {
  /** its public id, the event's (delivery-key.ts): the same at each webhook */
  id: string;
  webhookId: string;
  status: DeliveryStatus;
  /** with status, its state (deliveryState: pending with attempts is retrying) */
  attempts: number;
}

export interface StoredEvent {
  id: string;
  event: string;
  createdAt: Date;
  /** the exact bytes every delivery signed and sent (its stored form rendered: render-payloads.ts) */
  payload: string;
  contextId: string | null;
  deliveries: EventDeliveryRef[];
}

type EventRow = Omit<StoredEvent, "deliveries">;

const eventOfRow = (row: IEventOfResult): EventRow => ({
  id: row.id,
  event: row.event,
  createdAt: row.created_at,
  payload: row.payload,
  contextId: row.context_id,
});

/** The events with their deliveries (one query; no relation: the tables hold no foreign keys) and payloads. */
async function withDeliveries(db: DbOrTx, userId: string, rows: EventRow[]): Promise<StoredEvent[]> {
  if (rows.length === 0) return [];
  const deliveries = await runQuery(
    deliveriesOfEvents,
    { userId, eventIds: rows.map((r) => r.id) },
    sqlOf(db),
  );
  const byEvent = new Map<string, EventDeliveryRef[]>();
  for (const d of deliveries) {
    const ref = {
      id: deliveryIdOf(d.event_id),
      webhookId: d.webhook_id,
      status: d.status,
      attempts: d.attempts,
    };
    const list = byEvent.get(d.event_id);
    if (list) list.push(ref);
    else byEvent.set(d.event_id, [ref]);
  }
  return renderPayloads(
    db,
    rows.map((row) => ({ ...row, deliveries: byEvent.get(row.id) ?? [] })),
  );
}

/**
 * A user's recorded events, newest first (the (user_id, id) index: ids are time-ordered), with
 * each delivery made of them; the window is on the event's own time, `created_at`. By type: the
 * two types of nearly every event on (user_id, id), the rare ones on their partial index (the
 * driver binds the type before planning, so the planner sees which).
 */
export async function listEvents(db: DbOrTx, userId: string, query: ListEventsQuery) {
  const rows = await runQuery(
    eventsPage,
    {
      userId,
      type: query.type ?? null,
      after: query.after ?? null,
      createdAfter: query.createdAfter ?? null,
      createdBefore: query.createdBefore ?? null,
      limit: query.limit + 1,
    },
    sqlOf(db),
  );
  return toPage(await withDeliveries(db, userId, rows.map(eventOfRow)), query.limit);
}

/** One of the user's events; null when absent (or another user's). */
export async function getEvent(db: DbOrTx, userId: string, eventId: string): Promise<StoredEvent | null> {
  const [row] = await runQuery(eventOf, { id: eventId, userId }, sqlOf(db));
  return row ? ((await withDeliveries(db, userId, [eventOfRow(row)]))[0] as StoredEvent) : null;
}
