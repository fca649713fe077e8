import type { DeliveryStatus, PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";
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
  /** the exact bytes every delivery signed and sent (rendered from the stored template) */
  payload: string;
  contextId: string | null;
  deliveries: EventDeliveryRef[];
}

const select = { id: true, event: true, createdAt: true, payload: true, contextId: true } as const;

type EventRow = Omit<StoredEvent, "deliveries">;

/** The events with their deliveries (one query; no relation: the tables hold no foreign keys) and payloads. */
async function withDeliveries(db: PrismaClient, rows: EventRow[]): Promise<StoredEvent[]> {
  if (rows.length === 0) return [];
  const deliveries = await db.webhookDelivery.findMany({
    where: { eventId: { in: rows.map((r) => r.id) } },
    select: { id: true, webhookId: true, status: true, attempts: true, eventId: true },
    orderBy: { id: "asc" },
  });
  const byEvent = new Map<string, EventDeliveryRef[]>();
  for (const { eventId, ...ref } of deliveries) {
    const list = byEvent.get(eventId);
    if (list) list.push(ref);
    else byEvent.set(eventId, [ref]);
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
export async function listEvents(db: PrismaClient, userId: string, query: ListEventsQuery) {
  const createdAt: { gte?: Date; lt?: Date } = {};
  if (query.createdAfter) createdAt.gte = query.createdAfter;
  if (query.createdBefore) createdAt.lt = query.createdBefore;
  const rows: EventRow[] = await db.outboxEvent.findMany({
    where: {
      userId,
      ...(query.type === undefined ? {} : { event: query.type }),
      ...idsBefore(query.after),
      ...(createdAt.gte || createdAt.lt ? { createdAt } : {}),
    },
    select,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(await withDeliveries(db, rows), query.limit);
}

/** One of the user's events; null when absent (or another user's). */
export async function getEvent(
  db: PrismaClient,
  userId: string,
  eventId: string,
): Promise<StoredEvent | null> {
  const row = await db.outboxEvent.findFirst({ where: { id: eventId, userId }, select });
  return row && ((await withDeliveries(db, [row]))[0] as StoredEvent);
}
