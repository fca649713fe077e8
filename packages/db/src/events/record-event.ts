import { type EventName, newId, storedPayload } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { notifyEventsRecorded } from "./outbox-notifications";

export interface RecordEventInput {
  userId: string;
  event: EventName;
  data: Record<string, unknown>;
  contextId?: string | null;
  timestamp?: Date;
  /**
   * A test event (POST /v1/webhooks/:id/test): the envelope says `"test": true`, and the row is
   * stored already fanned out, because its caller writes its one delivery itself — the fan-out
   * must never offer it to the user's other webhooks, so it is not announced to the fan-out either.
   */
  test?: boolean;
}

/**
 * The row every form writes: the envelope serialized here, once, from the same input; an event of
 * a context stores a template that leaves out what the context row holds (its data, or its proof
 * path), completed at delivery (render-payloads.ts).
 */
export function outboxRow(input: RecordEventInput) {
  const timestamp = input.timestamp ?? new Date();
  return {
    id: newId("evt"),
    userId: input.userId,
    event: input.event,
    contextId: input.contextId ?? null,
    payload: storedPayload(
      { event: input.event, timestamp, data: input.data, test: input.test },
      input.contextId,
    ),
    createdAt: timestamp,
    fannedOutAt: input.test === true ? timestamp : null,
  };
}

/**
 * The one way to produce an event (with `recordEvents`, its bulk form: nothing else writes the
 * outbox). Call it with the transaction that changes the state, so the event exists exactly when
 * the change does. The stored payload, rendered (renderPayloads), is the exact body every delivery
 * signs and sends.
 */
export async function recordEvent(tx: DbOrTx, input: RecordEventInput) {
  const row = await tx.outboxEvent.create({ data: outboxRow(input) });
  if (row.fannedOutAt === null) await notifyEventsRecorded(tx);
  return row;
}

/** `recordEvent` for many events in one statement (a batch confirming hundreds of contexts). */
export async function recordEvents(tx: DbOrTx, inputs: readonly RecordEventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const rows = inputs.map(outboxRow);
  // One array per column rather than createMany: Prisma's per-field query building was the
  // largest cost of confirming a 256-context batch.
  await tx.$executeRaw`
    INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at, fanned_out_at)
    SELECT * FROM unnest(
      ${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.userId)}::text[], ${rows.map((r) => r.event)}::text[],
      ${rows.map((r) => r.contextId)}::text[], ${rows.map((r) => r.payload)}::text[],
      ${rows.map((r) => r.createdAt)}::timestamptz[], ${rows.map((r) => r.fannedOutAt)}::timestamptz[])`;
  if (rows.some((r) => r.fannedOutAt === null)) await notifyEventsRecorded(tx);
}

/**
 * One `event` per context, each owned by the context's user and naming the context: the events of
 * a batch of contexts that changed state together (sent, confirmed, failed), in one statement.
 */
export function recordContextEvents<C extends { id: string; userId: string }>(
  tx: DbOrTx,
  event: EventName,
  contexts: readonly C[],
  data: (context: C) => Record<string, unknown>,
): Promise<void> {
  return recordEvents(
    tx,
    contexts.map((c) => ({ userId: c.userId, event, contextId: c.id, data: data(c) })),
  );
}
