import { type EventName, newId, storedPayload } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { OUTBOX_EVENTS_CHANNEL } from "./outbox-notifications";
import { insertOutboxEvents, notifyOutboxEvents } from "./record-event.queries";

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
 * The row every writer writes: the event's one stored form (event-references.ts), from the same
 * input: its envelope, serialized here once, or, for a context's created and confirmed events, the
 * reference its context row completes at delivery (render-payloads.ts). `queued`: for the fan-out (unfanned_events),
 * which a test event never is.
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
    queued: input.test !== true,
  };
}

export type OutboxRow = ReturnType<typeof outboxRow>;

/**
 * Outbox rows as `outboxRow` builds them, in one statement (record-event.sql), in the caller's
 * transaction (on the pg pool or through Prisma), announced to the fan-out when any is queued (one
 * notification per call, delivered at commit: never before the events are visible). The payloads,
 * the bulk of the rows, travel as one text parameter, one per line: JSON.stringify never writes a
 * raw newline, so nothing in them needs escaping on our side or unescaping on PostgreSQL's (as a
 * text[] or a JSON document, every quote of every payload would be); the short columns go as arrays.
 */
export async function insertOutboxRows(sql: SqlRunner, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  const payloads = rows.map((r) => r.payload);
  if (payloads.some((p) => p.includes("\n"))) throw new Error("an event payload holds a raw newline");
  await runQuery(
    insertOutboxEvents,
    {
      ids: rows.map((r) => r.id),
      userIds: rows.map((r) => r.userId),
      events: rows.map((r) => r.event),
      // pgTyped types an array parameter's elements as not null; this one holds NULLs
      contextIds: rows.map((r) => r.contextId) as string[],
      payloads: payloads.join("\n"),
      createdAts: rows.map((r) => r.createdAt),
      queued: rows.map((r) => r.queued),
    },
    sql,
  );
  if (rows.some((r) => r.queued)) await runQuery(notifyOutboxEvents, { channel: OUTBOX_EVENTS_CHANNEL }, sql);
}

/**
 * The one way to produce an event (with `recordEvents`, its bulk form: nothing else writes the
 * outbox). Call it with the transaction that changes the state (the runner of the caller's
 * inSqlTransaction), so the event exists exactly when the change does. The stored payload, rendered (renderPayloads), is the exact body every delivery
 * signs and sends.
 */
export async function recordEvent(tx: DbOrTx | SqlRunner, input: RecordEventInput): Promise<OutboxRow> {
  const row = outboxRow(input);
  await insertOutboxRows(sqlOf(tx), [row]);
  return row;
}

/** `recordEvent` for many events in one statement (a batch confirming hundreds of contexts). */
export async function recordEvents(
  tx: DbOrTx | SqlRunner,
  inputs: readonly RecordEventInput[],
): Promise<void> {
  await insertOutboxRows(sqlOf(tx), inputs.map(outboxRow));
}
