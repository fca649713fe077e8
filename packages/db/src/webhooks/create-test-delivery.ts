import { deliveryIdOf, type EventName, sampleEventData } from "@ctxlog/core";
import { recordEvent } from "../events/record-event";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import { createTestDeliveryOf } from "./delivery-transitions";
import { type DeliveryRow, readDelivery } from "./get-delivery";

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
export async function createTestDelivery(db: DbOrTx, input: CreateTestDeliveryInput): Promise<DeliveryRow> {
  const now = new Date();
  return inSqlTransaction(db, async (sql) => {
    const event = await recordEvent(sql, {
      userId: input.userId,
      event: input.event,
      data: sampleEventData(input.event, now),
      timestamp: now,
      test: true,
    });
    await createTestDeliveryOf(sql, { eventId: event.id, webhookId: input.webhookId, now });
    const created = await readDelivery(sql, input.webhookId, deliveryIdOf(event.id));
    if (!created) throw new Error(`test delivery of ${event.id} was not created`);
    return created;
  });
}
