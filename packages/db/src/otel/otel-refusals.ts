import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { addOtelRefusals, deleteOldOtelRefusals, otelRefusalsSince } from "./otel-refusals.queries";

/** Refusals of one reason in one export (or release of held spans), as recorded. */
export interface OtelRefusalBatch {
  reason: string;
  spans: number;
  /** the latest refusal's message */
  sample: string;
  serviceName: string | null;
  suggestedAgentId: string | null;
}

/** One reason's refusals over the window read. */
export interface OtelRefusalSummary extends OtelRefusalBatch {
  lastAt: Date;
}

/** The window the console shows, and how long a user's hourly rows are kept. */
export const OTEL_REFUSALS_WINDOW_HOURS = 24;

/**
 * Adds refusals to this hour's rows of the user (one per reason), and deletes the user's rows
 * older than the window: the table stays at most 4 reasons × 25 hours per user.
 */
export async function recordOtelRefusals(
  db: DbOrTx,
  userId: string,
  batches: readonly OtelRefusalBatch[],
): Promise<void> {
  if (batches.length === 0) return;
  const sql = sqlOf(db);
  await runQuery(
    addOtelRefusals,
    {
      userId,
      reasons: batches.map((b) => b.reason),
      spans: batches.map((b) => b.spans),
      samples: batches.map((b) => b.sample),
      // pgTyped types an array parameter's elements as not null; these two hold NULLs
      serviceNames: batches.map((b) => b.serviceName) as string[],
      suggestedAgentIds: batches.map((b) => b.suggestedAgentId) as string[],
    },
    sql,
  );
  await runQuery(deleteOldOtelRefusals, { userId, windowHours: OTEL_REFUSALS_WINDOW_HOURS }, sql);
}

/** The user's refusals since `since` (by hour), per reason, the most spans first, with the latest sample. */
export async function readOtelRefusals(
  db: DbOrTx,
  userId: string,
  since: Date,
): Promise<OtelRefusalSummary[]> {
  return runQuery(otelRefusalsSince, { userId, since }, sqlOf(db));
}
