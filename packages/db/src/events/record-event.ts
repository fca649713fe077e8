import { type EventName, newId, storedPayload } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { prismaSql, type SqlRunner } from "../sql-transaction";
import { OUTBOX_EVENTS_CHANNEL } from "./outbox-notifications";

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
 * path), completed at delivery (render-payloads.ts). `queued`: for the fan-out (unfanned_events),
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

// One statement for any number of events, each queued for the fan-out in the same statement (a
// data-modifying WITH runs whether or not it is read). The payloads, the bulk of the rows, travel
// as one text parameter, one per line: JSON.stringify never writes a raw newline, so nothing in
// them needs escaping on our side or unescaping on PostgreSQL's (as a text[] or a JSON document,
// every quote of every payload would be). The short columns go as arrays.
const INSERT_OUTBOX_SQL = `
  WITH inserted AS (
    INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at)
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], string_to_array($5, E'\\n'),
      $6::timestamptz[]))
  INSERT INTO unfanned_events (id)
  SELECT v.id FROM unnest($1::text[], $7::boolean[]) AS v(id, queued) WHERE v.queued`;

/**
 * Outbox rows as `outboxRow` builds them, in one statement, in the caller's transaction (on the pg
 * pool or through Prisma), announced to the fan-out when any is queued (one notification per call,
 * delivered at commit: never before the events are visible).
 */
export async function insertOutboxRows(sql: SqlRunner, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  const payloads = rows.map((r) => r.payload);
  if (payloads.some((p) => p.includes("\n"))) throw new Error("an event payload holds a raw newline");
  await sql(INSERT_OUTBOX_SQL, [
    rows.map((r) => r.id),
    rows.map((r) => r.userId),
    rows.map((r) => r.event),
    rows.map((r) => r.contextId),
    payloads.join("\n"),
    rows.map((r) => r.createdAt),
    rows.map((r) => r.queued),
  ]);
  // (a void column breaks Prisma's raw queries: one it can read instead)
  if (rows.some((r) => r.queued))
    await sql("SELECT 1 AS notified FROM pg_notify($1, '')", [OUTBOX_EVENTS_CHANNEL]);
}

/**
 * The one way to produce an event (with `recordEvents`, its bulk form: nothing else writes the
 * outbox). Call it with the transaction that changes the state, so the event exists exactly when
 * the change does. The stored payload, rendered (renderPayloads), is the exact body every delivery
 * signs and sends.
 */
export async function recordEvent(tx: DbOrTx, input: RecordEventInput): Promise<OutboxRow> {
  const row = outboxRow(input);
  await insertOutboxRows(prismaSql(tx), [row]);
  return row;
}

/** `recordEvent` for many events in one statement (a batch confirming hundreds of contexts). */
export async function recordEvents(tx: DbOrTx, inputs: readonly RecordEventInput[]): Promise<void> {
  await insertOutboxRows(prismaSql(tx), inputs.map(outboxRow));
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
