import { type EventName, newId, serializeEnvelope } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";

export interface RecordEventInput {
  userId: string;
  event: EventName;
  data: Record<string, unknown>;
  contextId?: string | null;
  timestamp?: Date;
}

/**
 * The one way to produce an event. Call it with the transaction that changes the state, so the
 * event exists exactly when the change does. The envelope is serialized here, once: the stored
 * text is the exact body every delivery signs and sends.
 */
export async function recordEvent(tx: DbOrTx, input: RecordEventInput) {
  const timestamp = input.timestamp ?? new Date();
  const payload = serializeEnvelope({ event: input.event, timestamp, data: input.data });
  return tx.outboxEvent.create({
    data: {
      id: newId("evt"),
      userId: input.userId,
      event: input.event,
      contextId: input.contextId ?? null,
      payload,
      createdAt: timestamp,
    },
  });
}
