import { type EventName, newId, serializeEnvelope } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { notifyEventsRecorded } from "./outbox-notifications";

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
  const row = await tx.outboxEvent.create({
    data: {
      id: newId("evt"),
      userId: input.userId,
      event: input.event,
      contextId: input.contextId ?? null,
      payload,
      createdAt: timestamp,
    },
  });
  await notifyEventsRecorded(tx);
  return row;
}

/** `recordEvent` for many events in one statement (a batch confirming hundreds of contexts). */
export async function recordEvents(tx: DbOrTx, inputs: readonly RecordEventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const rows = inputs.map((input) => {
    const timestamp = input.timestamp ?? new Date();
    return {
      id: newId("evt"),
      userId: input.userId,
      event: input.event,
      contextId: input.contextId ?? null,
      payload: serializeEnvelope({ event: input.event, timestamp, data: input.data }),
      createdAt: timestamp,
    };
  });
  // One array per column rather than createMany: Prisma's per-field query building was the
  // largest cost of confirming a 256-context batch.
  await tx.$executeRaw`
    INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at)
    SELECT * FROM unnest(
      ${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.userId)}::text[], ${rows.map((r) => r.event)}::text[],
      ${rows.map((r) => r.contextId)}::text[], ${rows.map((r) => r.payload)}::text[],
      ${rows.map((r) => r.createdAt)}::timestamptz[])`;
  await notifyEventsRecorded(tx);
}
