import type { PrismaClient } from "../generated/prisma/client";

/**
 * One delivery of one webhook with every attempt of every cycle, oldest first, and the event's
 * stored payload (the exact bytes every attempt sent); null if absent.
 */
export async function getDelivery(db: PrismaClient, webhookId: string, deliveryId: string) {
  return db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId },
    include: {
      attemptLog: { orderBy: [{ cycle: "asc" }, { number: "asc" }] },
      outbox: { select: { payload: true } },
    },
  });
}

export type DeliveryWithAttempts = NonNullable<Awaited<ReturnType<typeof getDelivery>>>;
