import type { EventName } from "@ctxlog/core";
import { OUTBOX_EVENTS_CHANNEL } from "../events/outbox-notifications";
import { outboxRow, type RecordEventInput } from "../events/record-event";
import type { SqlRunner } from "../sql-transaction";

// The payloads, the bulk of the rows, travel as one text parameter, one per line: JSON.stringify
// never writes a raw newline, so nothing in them needs escaping on our side or unescaping on
// PostgreSQL's (as a text[] or a JSON document, every quote of every payload would be). The short
// columns go as arrays.
const INSERT_OUTBOX_SQL = `
  INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at, fanned_out_at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], string_to_array($5, E'\\n'),
    $6::timestamptz[], $7::timestamptz[])`;

/**
 * `recordEvents` on an SqlRunner (the chain worker's transactions on the pg pool): the same rows,
 * built by the same `outboxRow`, and the same notification, in the caller's transaction.
 */
export function recordEventsWith(sql: SqlRunner, inputs: readonly RecordEventInput[]): Promise<void> {
  return insertOutboxRowsWith(sql, inputs.map(outboxRow));
}

/** Outbox rows as `outboxRow` builds them (or as stored already), in one statement, announced. */
export async function insertOutboxRowsWith(
  sql: SqlRunner,
  rows: readonly ReturnType<typeof outboxRow>[],
): Promise<void> {
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
    rows.map((r) => r.fannedOutAt),
  ]);
  if (rows.some((r) => r.fannedOutAt === null))
    await sql("SELECT pg_notify($1, '')", [OUTBOX_EVENTS_CHANNEL]);
}

/** `event` for each context row (its user and id), its data built from the row, in the caller's transaction. */
export function recordContextEventsWith<Row extends { user_id: string; id: string }>(
  sql: SqlRunner,
  event: EventName,
  rows: readonly Row[],
  data: (row: Row) => Record<string, unknown>,
): Promise<void> {
  return recordEventsWith(
    sql,
    rows.map((row) => ({ userId: row.user_id, event, contextId: row.id, data: data(row) })),
  );
}
