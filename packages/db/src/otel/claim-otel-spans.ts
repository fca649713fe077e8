import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import {
  claimOtelSpansFor,
  otelSpansOf,
  releaseOtelSpansOf,
  traceContextIdsOf,
} from "./claim-otel-spans.queries";

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
  db: DbOrTx,
  userId: string,
  keys: readonly OtelSpanKey[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await runQuery(
    otelSpansOf,
    { userId, traceIds: keys.map((k) => k.traceId), spanIds: keys.map((k) => k.spanId) },
    sqlOf(db),
  );
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
  db: DbOrTx,
  userId: string,
  claims: readonly (OtelSpanKey & { contextId: string })[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await runQuery(
    claimOtelSpansFor,
    {
      userId,
      traceIds: claims.map((c) => c.traceId),
      spanIds: claims.map((c) => c.spanId),
      contextIds: claims.map((c) => c.contextId),
      abandonedSeconds: ABANDONED_CLAIM_SECONDS,
    },
    sqlOf(db),
  );
  return new Set(rows.map((row) => row.context_id));
}

/** Gives up claims whose contexts were not written (the write failed), so a resend can write them. */
export async function releaseOtelSpans(db: DbOrTx, contextIds: readonly string[]): Promise<void> {
  if (contextIds.length === 0) return;
  await runQuery(releaseOtelSpansOf, { contextIds: [...contextIds] }, sqlOf(db));
}

/** The most spans of one trace that `GET /v1/contexts?trace_id=` pages through. */
export const MAX_TRACE_SPANS = 10_000;

/** The context ids of a trace's spans, for the contexts list's trace_id filter. */
export async function traceContextIds(db: DbOrTx, userId: string, traceId: string): Promise<string[]> {
  const rows = await runQuery(traceContextIdsOf, { userId, traceId, limit: MAX_TRACE_SPANS }, sqlOf(db));
  return rows.map((row) => row.context_id);
}
