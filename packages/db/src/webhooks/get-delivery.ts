import { renderPayloads } from "../events/render-payloads";
import type { PrismaClient } from "../generated/prisma/client";

/**
 * One delivery of one webhook with every attempt of every cycle, oldest first, and the event's
 * payload as sent (the exact bytes every attempt sent, rendered from the stored template); null if absent.
 */
export async function getDelivery(db: PrismaClient, webhookId: string, deliveryId: string) {
  const row = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId },
    include: {
      attemptLog: { orderBy: [{ cycle: "asc" }, { number: "asc" }] },
      outbox: { select: { payload: true, contextId: true } },
    },
  });
  if (!row) return null;
  const [outbox] = await renderPayloads(db, [row.outbox]);
  return { ...row, outbox: outbox as typeof row.outbox };
}

export type DeliveryWithAttempts = NonNullable<Awaited<ReturnType<typeof getDelivery>>>;
