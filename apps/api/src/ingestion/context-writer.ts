import { AppError, MicroBatcher, type NewContext } from "@ctxlog/core";
import {
  type Context,
  type IdempotencyRequest,
  insertContexts,
  type PrismaClient,
  type StoredResponse,
  withIdempotency,
} from "@ctxlog/db";
import type { JobQueues } from "@ctxlog/jobs";
import type { Logger } from "pino";
import { isServiceUnavailable } from "../http/unavailable";

/** What the idempotent path answers: the stored response, and whether it is a replay. */
export type IdempotentWrite = StoredResponse & { replayed: boolean; contextIds?: string[] };

export interface ContextWriter {
  /**
   * Resolves with the row as stored (its place in its agent's log assigned) once it is committed. Rejects with SERVICE_UNAVAILABLE, the row unwritten, when
   * `maxOutstanding` rows are already waiting, or when the row waited behind a write that found
   * PostgreSQL unreachable.
   */
  add(row: NewContext): Promise<Context>;
  /**
   * Writes the rows in the Idempotency-Key's transaction, the key's record beside them, and stores
   * `respond(rows)` as the key's answer. A replay writes nothing and enqueues nothing
   * (`contextIds` is then undefined). Rejects with IdempotencyConflictError for another request
   * under the same key.
   */
  addIdempotent(
    rows: readonly NewContext[],
    request: IdempotencyRequest,
    respond: (stored: Context[]) => StoredResponse,
  ): Promise<IdempotentWrite>;
  /** rows accepted and not yet answered: queued, or in an INSERT under way */
  readonly outstanding: number;
}

export const DEFAULT_CONTEXT_WRITE_QUEUE_MAX = 2_000;

interface Queued {
  row: NewContext;
  seq: number;
  /** set by the flush that wrote it */
  stored?: Context;
}

/**
 * The one place new contexts are written and their anchoring queued, whatever the path. Without an
 * Idempotency-Key rows go in batches (one INSERT for all requests waiting at that moment); with
 * one, in the key's own transaction. Both write through `insertContexts` and enqueue only after
 * the commit, in one round-trip per batch. A request is answered only once its row is committed; a
 * failed enqueue is logged and left to the chain worker's reconciler, which re-enqueues pending
 * rows, so it never fails a request whose row exists.
 *
 * While PostgreSQL stalls, each INSERT waits out PG_QUERY_TIMEOUT_MS (or PG_CONNECT_TIMEOUT_MS)
 * and requests pile up behind it: past `maxOutstanding` they are refused at once, and those that
 * queued behind a failed INSERT are refused when their turn comes instead of each waiting out
 * another timeout. Either way nothing of theirs reached the database.
 */
export function createContextWriter(
  db: PrismaClient,
  queues: JobQueues,
  logger: Logger,
  opts: { maxBatch?: number; maxConcurrent?: number; maxOutstanding?: number; chained?: boolean } = {},
): ContextWriter {
  const maxOutstanding = opts.maxOutstanding ?? DEFAULT_CONTEXT_WRITE_QUEUE_MAX;
  let outstanding = 0;
  let nextSeq = 0;
  // Rows with a lower seq were queued when an INSERT failed for want of PostgreSQL.
  let failedBefore = 0;
  const batcher = new MicroBatcher<Queued>({
    maxBatch: opts.maxBatch ?? 200,
    maxConcurrent: opts.maxConcurrent ?? 4,
    flush: async (items) => {
      if (items.some((item) => item.seq < failedBefore)) {
        throw new AppError("SERVICE_UNAVAILABLE", "The database is not answering; retry with backoff.");
      }
      try {
        const stored = await insertContexts(
          db,
          items.map((item) => item.row),
          { chained: opts.chained },
        );
        items.forEach((item, i) => {
          item.stored = stored[i];
        });
      } catch (err) {
        if (isServiceUnavailable(err)) failedBefore = nextSeq;
        throw err;
      }
      await enqueueAnchoring(
        queues,
        logger,
        items.map((item) => item.row.id),
      );
    },
  });
  return {
    get outstanding() {
      return outstanding;
    },
    async add(row) {
      if (outstanding >= maxOutstanding) {
        throw new AppError(
          "SERVICE_UNAVAILABLE",
          "Too many contexts are waiting to be written; retry with backoff.",
        );
      }
      outstanding++;
      try {
        const item: Queued = { row, seq: nextSeq++ };
        await batcher.add(item);
        if (!item.stored) throw new Error(`context ${row.id} was flushed but not returned as stored`);
        return item.stored;
      } finally {
        outstanding--;
      }
    },
    async addIdempotent(rows, request, respond) {
      const result = await withIdempotency(db, request, async (tx) => {
        const stored = await insertContexts(tx, rows, { chained: opts.chained });
        return { ...respond(stored), value: stored.map((row) => row.id) };
      });
      if (result.value) await enqueueAnchoring(queues, logger, result.value);
      return {
        status: result.status,
        body: result.body,
        replayed: result.replayed,
        contextIds: result.value,
      };
    },
  };
}

/** Queues anchoring (after the commit): contexts created here, and failed ones sent back to pending. */
export async function enqueueAnchoring(queues: JobQueues, logger: Logger, contextIds: string[]) {
  await queues
    .enqueueMany(
      "anchorContext",
      contextIds.map((contextId) => ({ payload: { contextId }, jobId: contextId })),
    )
    .catch((err: unknown) => {
      logger.warn(
        { err, count: contextIds.length },
        "anchor enqueue failed; the reconciler will pick the rows up",
      );
    });
}
