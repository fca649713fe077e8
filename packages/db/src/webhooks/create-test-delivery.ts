import { type EventName, newId, sampleEventData } from "@ctxlog/core";
import { recordEvent } from "../events/record-event";
import type { PrismaClient, WebhookDelivery } from "../generated/prisma/client";

export interface CreateTestDeliveryInput {
  userId: string;
  webhookId: string;
  event: EventName;
}

/**
 * A test event goes to one webhook only: a sample of `event`, recorded as a test event (marked
 * `"test": true` and already fanned out, so the fan-out never offers it to the user's other
 * webhooks) together with its single delivery, due now.
 */
export async function createTestDelivery(
  db: PrismaClient,
  input: CreateTestDeliveryInput,
): Promise<WebhookDelivery> {
  const now = new Date();
  return db.$transaction(async (tx) => {
    const event = await recordEvent(tx, {
      userId: input.userId,
      event: input.event,
      data: sampleEventData(input.event, now),
      timestamp: now,
      test: true,
    });
    return tx.webhookDelivery.create({
      data: {
        id: newId("dlv"),
        webhookId: input.webhookId,
        eventId: event.id,
        event: input.event,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}
