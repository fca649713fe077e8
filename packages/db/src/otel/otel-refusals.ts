import type { PrismaClient } from "../client";

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
  db: PrismaClient,
  userId: string,
  batches: readonly OtelRefusalBatch[],
): Promise<void> {
  if (batches.length === 0) return;
  await db.$executeRaw`
    INSERT INTO otel_refusals AS r
      (user_id, reason, hour, spans, last_at, sample, service_name, suggested_agent_id)
    SELECT ${userId}, b.reason, date_trunc('hour', now()), b.spans, now(), left(b.sample, 500),
           b.service_name, b.suggested_agent_id
    FROM unnest(
      ${batches.map((b) => b.reason)}::text[], ${batches.map((b) => b.spans)}::int[],
      ${batches.map((b) => b.sample)}::text[], ${batches.map((b) => b.serviceName)}::text[],
      ${batches.map((b) => b.suggestedAgentId)}::text[]
    ) AS b(reason, spans, sample, service_name, suggested_agent_id)
    ON CONFLICT (user_id, reason, hour) DO UPDATE
      SET spans = r.spans + EXCLUDED.spans, last_at = EXCLUDED.last_at, sample = EXCLUDED.sample,
          service_name = EXCLUDED.service_name, suggested_agent_id = EXCLUDED.suggested_agent_id`;
  await db.$executeRaw`
    DELETE FROM otel_refusals
    WHERE user_id = ${userId}
      AND hour < date_trunc('hour', now()) - make_interval(hours => ${OTEL_REFUSALS_WINDOW_HOURS})`;
}

/** The user's refusals since `since` (by hour), per reason, the most spans first, with the latest sample. */
export async function readOtelRefusals(
  db: PrismaClient,
  userId: string,
  since: Date,
): Promise<OtelRefusalSummary[]> {
  const rows = await db.$queryRaw<
    {
      reason: string;
      spans: number;
      last_at: Date;
      sample: string;
      service_name: string | null;
      suggested_agent_id: string | null;
    }[]
  >`
    SELECT reason, sum(spans)::int AS spans, max(last_at) AS last_at,
           (array_agg(sample ORDER BY last_at DESC))[1] AS sample,
           (array_agg(service_name ORDER BY last_at DESC))[1] AS service_name,
           (array_agg(suggested_agent_id ORDER BY last_at DESC))[1] AS suggested_agent_id
    FROM otel_refusals
    WHERE user_id = ${userId} AND hour >= date_trunc('hour', ${since}::timestamptz)
    GROUP BY reason
    ORDER BY sum(spans) DESC, reason`;
  return rows.map((row) => ({
    reason: row.reason,
    spans: row.spans,
    lastAt: row.last_at,
    sample: row.sample,
    serviceName: row.service_name,
    suggestedAgentId: row.suggested_agent_id,
  }));
}
