import type { EventName } from "@ctxlog/core";
import { insertOutboxRows, outboxRow, type RecordEventInput } from "../events/record-event";
import type { SqlRunner } from "../sql-transaction";

/**
 * `recordEvents` on an SqlRunner (the chain worker's transactions on the pg pool): the same rows,
 * built by the same `outboxRow`, and the same notification, in the caller's transaction.
 */
export function recordEventsWith(sql: SqlRunner, inputs: readonly RecordEventInput[]): Promise<void> {
  return insertOutboxRows(sql, inputs.map(outboxRow));
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
