import { idTimestamp } from "@ctxlog/core";
import { renderPayloads } from "../events/render-payloads";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { deliveryOfWebhook, type IDeliveryOfWebhookResult } from "./get-delivery.queries";
import { readAttemptLog } from "./stored-attempts";

/** A delivery's row as the API shows it (its attempts are stored-attempts.ts's). */
export type DeliveryRow = IDeliveryOfWebhookResult & { createdAt: Date };

/**
 * When a delivery was created: its id's time. Its id is a ULID minted as the row is created (the
 * fan-out, a test event), so no column keeps the time (migration 20261130190000).
 */
export function deliveryCreatedAt(id: string): Date {
  const at = idTimestamp(id);
  if (at === null) throw new Error(`delivery id ${id} is not a ULID: it says no time`);
  return at;
}

/** One delivery of one webhook, or null: a read by (webhook_id, id). */
export async function readDelivery(
  db: DbOrTx | SqlRunner,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryRow | null> {
  const [row] = await runQuery(deliveryOfWebhook, { webhookId, deliveryId }, sqlOf(db));
  return row ? { ...row, createdAt: deliveryCreatedAt(row.id) } : null;
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
