import { renderPayloads } from "../events/render-payloads";
import type { PrismaClient } from "../generated/prisma/client";
import { readAttemptLog } from "./read-attempt-log";

/**
 * One delivery of one webhook with every attempt of every cycle, oldest first, and the event's
 * payload as sent (the exact bytes every attempt sent, rendered from the stored template); null if absent.
 * Three reads by key, each pruned to the event's day (the tables are partitioned by event id and
 * hold no foreign keys between them, so there is no relation to join through).
 */
export async function getDelivery(db: PrismaClient, webhookId: string, deliveryId: string) {
  const found = await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId } });
  if (!found) return null;
  const [attemptLog, event] = await Promise.all([
    readAttemptLog(db, found),
    db.outboxEvent.findUnique({
      where: { id: found.eventId },
      select: { payload: true, contextId: true, createdAt: true },
    }),
  ]);
  if (!event) throw new Error(`delivery ${found.id} has no event ${found.eventId}`);
  const [outbox] = await renderPayloads(db, [event]);
  return { ...found, attemptLog, outbox: outbox as typeof event };
}

export type DeliveryWithAttempts = NonNullable<Awaited<ReturnType<typeof getDelivery>>>;
