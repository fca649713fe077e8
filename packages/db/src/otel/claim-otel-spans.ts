import type { PrismaClient } from "../client";

export interface OtelSpanKey {
  traceId: string;
  spanId: string;
}

/** A claim not followed by its context within this long is taken to be abandoned (a crash between). */
export const ABANDONED_CLAIM_SECONDS = 600;

/**
 * The spans of `keys` this user already sent: trace id + "/" + span id → context id. Read before
 * building rows, so a resent export costs neither hashing nor signing.
 */
export async function findOtelSpans(
  db: PrismaClient,
  userId: string,
  keys: readonly OtelSpanKey[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.$queryRaw<{ trace_id: string; span_id: string; context_id: string }[]>`
    SELECT s.trace_id, s.span_id, s.context_id
    FROM otel_spans s
    JOIN unnest(${keys.map((k) => k.traceId)}::text[], ${keys.map((k) => k.spanId)}::text[]) AS k(trace_id, span_id)
      ON s.trace_id = k.trace_id AND s.span_id = k.span_id
    WHERE s.user_id = ${userId}`;
  return new Map(rows.map((row) => [`${row.trace_id}/${row.span_id}`, row.context_id]));
}

/**
 * Claims each span for the context that will hold it, and returns the context ids whose claim
 * this call won: only those contexts may be written. A span another request claimed first (the
 * same export resent while the first is still writing) is not returned. A claim older than
 * ABANDONED_CLAIM_SECONDS whose context was never written is taken over, so a process that died
 * between its claim and its write does not lose the span for good.
 */
export async function claimOtelSpans(
  db: PrismaClient,
  userId: string,
  claims: readonly (OtelSpanKey & { contextId: string })[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await db.$queryRaw<{ context_id: string }[]>`
    INSERT INTO otel_spans AS s (user_id, trace_id, span_id, context_id)
    SELECT ${userId}, k.trace_id, k.span_id, k.context_id
    FROM unnest(
      ${claims.map((c) => c.traceId)}::text[],
      ${claims.map((c) => c.spanId)}::text[],
      ${claims.map((c) => c.contextId)}::text[]
    ) AS k(trace_id, span_id, context_id)
    ON CONFLICT (user_id, trace_id, span_id) DO UPDATE
      SET context_id = EXCLUDED.context_id, claimed_at = now()
      WHERE s.claimed_at < now() - make_interval(secs => ${ABANDONED_CLAIM_SECONDS})
        AND NOT EXISTS (SELECT 1 FROM contexts c WHERE c.id = s.context_id)
    RETURNING s.context_id`;
  return new Set(rows.map((row) => row.context_id));
}

/** Gives up claims whose contexts were not written (the write failed), so a resend can write them. */
export async function releaseOtelSpans(db: PrismaClient, contextIds: readonly string[]): Promise<void> {
  if (contextIds.length === 0) return;
  await db.$executeRaw`DELETE FROM otel_spans WHERE context_id = ANY(${[...contextIds]}::text[])`;
}

/** The most spans of one trace that `GET /v1/contexts?trace_id=` pages through. */
export const MAX_TRACE_SPANS = 10_000;

/** The context ids of a trace's spans, for the contexts list's trace_id filter. */
export async function traceContextIds(db: PrismaClient, userId: string, traceId: string): Promise<string[]> {
  const rows = await db.otelSpan.findMany({
    where: { userId, traceId },
    select: { contextId: true },
    take: MAX_TRACE_SPANS,
  });
  return rows.map((row) => row.contextId);
}
