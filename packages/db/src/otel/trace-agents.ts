import type { PrismaClient } from "../client";

/** A span held until its trace's agent is known (a child exported before its root). */
export interface HeldSpan {
  userId: string;
  traceId: string;
  spanId: string;
  apiKeyId: string;
  keyFamilyId: string;
  /** the normalised span, as it was received */
  span: unknown;
}

/** How long a span is held at most before it is written under its own agent (service.name). */
export const HOLD_SPAN_SECONDS = 60;
/** The most spans held for one user: beyond it, spans are filed under their own agent at once. */
export const MAX_HELD_SPANS_PER_USER = 10_000;
/** Trace → agent rows older than this are pruned: a trace's spans arrive within minutes. */
export const TRACE_AGENT_RETENTION_HOURS = 24;

/** The agents already decided for these traces of the user: trace id → agent id. */
export async function readTraceAgents(
  db: PrismaClient,
  userId: string,
  traceIds: readonly string[],
): Promise<Map<string, string>> {
  if (traceIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ trace_id: string; agent_id: string }[]>`
    SELECT trace_id, agent_id FROM otel_trace_agents
    WHERE user_id = ${userId} AND trace_id = ANY(${[...new Set(traceIds)]}::text[])`;
  return new Map(rows.map((row) => [row.trace_id, row.agent_id]));
}

/** Records the traces' agents; a trace another export decided first keeps its agent (first writer wins). */
export async function recordTraceAgents(
  db: PrismaClient,
  userId: string,
  decided: ReadonlyMap<string, string>,
): Promise<void> {
  if (decided.size === 0) return;
  await db.$executeRaw`
    INSERT INTO otel_trace_agents (user_id, trace_id, agent_id)
    SELECT ${userId}, k.trace_id, k.agent_id
    FROM unnest(${[...decided.keys()]}::text[], ${[...decided.values()]}::text[]) AS k(trace_id, agent_id)
    ON CONFLICT (user_id, trace_id) DO NOTHING`;
}

/** How many spans the user has held now. */
export async function countHeldSpans(db: PrismaClient, userId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM otel_held_spans WHERE user_id = ${userId}`;
  return row?.n ?? 0;
}

/** Holds spans (a span already held, resent, stays held once). */
export async function holdSpans(db: PrismaClient, spans: readonly HeldSpan[]): Promise<void> {
  if (spans.length === 0) return;
  await db.$executeRaw`
    INSERT INTO otel_held_spans (user_id, trace_id, span_id, api_key_id, key_family_id, span)
    SELECT * FROM unnest(
      ${spans.map((s) => s.userId)}::text[], ${spans.map((s) => s.traceId)}::text[],
      ${spans.map((s) => s.spanId)}::text[], ${spans.map((s) => s.apiKeyId)}::text[],
      ${spans.map((s) => s.keyFamilyId)}::text[], ${spans.map((s) => JSON.stringify(s.span))}::jsonb[])
    ON CONFLICT (user_id, trace_id, span_id) DO NOTHING`;
}

interface HeldRow {
  user_id: string;
  trace_id: string;
  span_id: string;
  api_key_id: string;
  key_family_id: string;
  span: unknown;
}

const heldSpan = (row: HeldRow): HeldSpan => ({
  userId: row.user_id,
  traceId: row.trace_id,
  spanId: row.span_id,
  apiKeyId: row.api_key_id,
  keyFamilyId: row.key_family_id,
  span: row.span,
});

/** Takes (deletes and returns) the user's held spans of these traces: their agent is known now. */
export async function takeHeldSpansOf(
  db: PrismaClient,
  userId: string,
  traceIds: readonly string[],
): Promise<HeldSpan[]> {
  if (traceIds.length === 0) return [];
  const rows = await db.$queryRaw<HeldRow[]>`
    DELETE FROM otel_held_spans
    WHERE user_id = ${userId} AND trace_id = ANY(${[...new Set(traceIds)]}::text[])
    RETURNING user_id, trace_id, span_id, api_key_id, key_family_id, span`;
  return rows.map(heldSpan);
}

/**
 * Takes up to `limit` spans held longer than `olderThanSeconds`, of one user or (null) of every
 * user: their root never came, so they are written under their own agent.
 */
export async function takeExpiredHeldSpans(
  db: PrismaClient,
  userId: string | null,
  { olderThanSeconds = HOLD_SPAN_SECONDS, limit = 1000 } = {},
): Promise<HeldSpan[]> {
  const rows = await db.$queryRaw<HeldRow[]>`
    DELETE FROM otel_held_spans h
    USING (
      SELECT user_id, trace_id, span_id FROM otel_held_spans
      WHERE (${userId}::text IS NULL OR user_id = ${userId})
        AND held_at <= now() - make_interval(secs => ${olderThanSeconds})
      ORDER BY held_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED) old
    WHERE h.user_id = old.user_id AND h.trace_id = old.trace_id AND h.span_id = old.span_id
    RETURNING h.user_id, h.trace_id, h.span_id, h.api_key_id, h.key_family_id, h.span`;
  return rows.map(heldSpan);
}

/** Deletes trace → agent rows past TRACE_AGENT_RETENTION_HOURS. */
export async function pruneTraceAgents(db: PrismaClient): Promise<number> {
  return db.$executeRaw`
    DELETE FROM otel_trace_agents
    WHERE created_at < now() - make_interval(hours => ${TRACE_AGENT_RETENTION_HOURS})`;
}
