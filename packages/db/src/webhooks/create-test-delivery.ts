import { type EventName, newId } from "@ctxlog/core";
import type { PrismaClient, WebhookDelivery } from "../generated/prisma/client";

export interface CreateTestDeliveryInput {
  userId: string;
  webhookId: string;
  event: EventName;
  /** the serialized test envelope (`"test": true`) */
  payload: string;
}

/**
 * A test event goes to one webhook only: its outbox row is written already fanned out (so the
 * fan-out never offers it to the user's other webhooks) together with its single delivery, due now.
 */
export async function createTestDelivery(
  db: PrismaClient,
  input: CreateTestDeliveryInput,
): Promise<WebhookDelivery> {
  const now = new Date();
  const eventId = newId("evt");
  const [, delivery] = await db.$transaction([
    db.outboxEvent.create({
      data: {
        id: eventId,
        userId: input.userId,
        event: input.event,
        payload: input.payload,
        createdAt: now,
        fannedOutAt: now,
      },
      select: { id: true },
    }),
    db.webhookDelivery.create({
      data: {
        id: newId("dlv"),
        webhookId: input.webhookId,
        userId: input.userId,
        eventId,
        event: input.event,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      },
    }),
  ]);
  return delivery;
}
