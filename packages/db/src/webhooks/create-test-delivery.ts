import { type EventName, newId, sampleEventData } from "@ctxlog/core";
import { recordEvent } from "../events/record-event";
import type { PrismaClient, WebhookDelivery } from "../generated/prisma/client";
import { prismaSql } from "../sql-transaction";
import { createTestDeliveryOf } from "./delivery-transitions";

export interface CreateTestDeliveryInput {
  userId: string;
  webhookId: string;
  event: EventName;
}

/**
 * A test event goes to one webhook only: a sample of `event`, recorded as a test event (marked
 * `"test": true` and already fanned out, so the fan-out never offers it to the user's other
 * webhooks) together with its single delivery (the lifecycle's `create`), due now.
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
    const key = { eventId: event.id, webhookId: input.webhookId };
    await createTestDeliveryOf(prismaSql(tx), { id: newId("dlv"), ...key, event: input.event, now });
    return tx.webhookDelivery.findUniqueOrThrow({ where: { eventId_webhookId: key } });
  });
}
