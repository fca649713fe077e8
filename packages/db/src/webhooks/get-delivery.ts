import { deliveryIdOf, eventIdOfDelivery, idTimestamp } from "@ctxlog/core";
import { renderPayloads } from "../events/render-payloads";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { deliveryOfWebhook, type IDeliveryOfWebhookResult } from "./get-delivery.queries";
import { readAttemptLog } from "./stored-attempts";

/** A delivery's row as the API shows it (its attempts are stored-attempts.ts's). */
export type DeliveryRow = IDeliveryOfWebhookResult & { id: string; createdAt: Date };

/**
 * A delivery as read (its key) with what no column keeps: its public id, its event's
 * (@ctxlog/core delivery-key.ts), and its creation, its event's time — the fan-out creates it as
 * the event is fanned out, a test event with it (migrations 20261130190000, 20261130233000).
 */
export function withDeliveryId<R extends { eventId: string }>(row: R): R & { id: string; createdAt: Date } {
  const createdAt = idTimestamp(row.eventId);
  if (createdAt === null) throw new Error(`event id ${row.eventId} is not a ULID: it says no time`);
  return { ...row, id: deliveryIdOf(row.eventId), createdAt };
}

/** One delivery of one webhook by its public id, or null: a read by its key (webhook_ref, event_id). */
export async function readDelivery(
  db: DbOrTx | SqlRunner,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryRow | null> {
  const eventId = eventIdOfDelivery(deliveryId);
  if (eventId === null) return null;
  const [row] = await runQuery(deliveryOfWebhook, { webhookId, eventId }, sqlOf(db));
  return row ? withDeliveryId(row) : null;
}

/**
 * One delivery of one webhook with every attempt of every cycle, oldest first, and the event's
 * payload as sent (the exact bytes every attempt sent, rendered from its stored form); null if absent.
 * Two reads by key, each pruned to the event's day: the delivery with its event, then its attempts.
 */
export async function getDelivery(db: DbOrTx, webhookId: string, deliveryId: string) {
  const found = await readDelivery(db, webhookId, deliveryId);
  if (!found) return null;
  const event = {
    payload: found.eventPayload,
    contextId: found.eventContextId,
    createdAt: found.eventCreatedAt,
  };
  const [attemptLog, [outbox]] = await Promise.all([readAttemptLog(db, found), renderPayloads(db, [event])]);
  return { ...found, attemptLog, outbox: outbox as typeof event };
}

export type DeliveryWithAttempts = NonNullable<Awaited<ReturnType<typeof getDelivery>>>;
