import { AppError, MicroBatcher, type NewContext } from "@ctxlog/core";
import {
  type Context,
  type IdempotencyRequest,
  insertContexts,
  type PrismaClient,
  type ReceiptSigner,
  type StoredResponse,
  withIdempotency,
} from "@ctxlog/db";
import { anchorJobsFor, type JobQueues } from "@ctxlog/jobs";
import type { Logger } from "pino";
import { isServiceUnavailable } from "../http/unavailable";

/** What the idempotent path answers: the stored response, and whether it is a replay. */
export type IdempotentWrite = StoredResponse & { replayed: boolean; contextIds?: string[] };

export interface ContextWriter {
  /**
   * Writes new contexts (one request's: they stand or fall together) and resolves with them as
   * stored, each numbered in its agent's log and signed, once committed. Concurrent writes share
   * one INSERT. Rejects with SERVICE_UNAVAILABLE, nothing written, when `maxOutstanding` rows are
   * already waiting, or when the rows waited behind a write that found PostgreSQL unreachable.
   */
  write(rows: readonly NewContext[]): Promise<Context[]>;
  /**
   * Writes the rows in the Idempotency-Key's transaction, the key's record beside them, and stores
   * `respond(rows)` as the key's answer. A replay writes nothing and enqueues nothing
   * (`contextIds` is then undefined). Rejects with IdempotencyConflictError for another request
   * under the same key.
   */
  writeIdempotent(
    rows: readonly NewContext[],
    request: IdempotencyRequest,
    respond: (stored: Context[]) => StoredResponse,
  ): Promise<IdempotentWrite>;
  /** rows accepted and not yet answered: queued, or in an INSERT under way */
  readonly outstanding: number;
}

export const DEFAULT_CONTEXT_WRITE_QUEUE_MAX = 2_000;

interface Queued {
  rows: readonly NewContext[];
  seq: number;
  /** set by the flush that wrote them: the rows as stored, in the same order */
  stored?: Context[];
}

/** Rows per INSERT: a write of more rows than this (one batch request) goes alone. */
const MAX_ROWS_PER_INSERT = 1_000;

/**
 * The one place new contexts are written and their anchoring queued, whatever the path. Without an
 * Idempotency-Key rows go in batches (one INSERT for all requests waiting at that moment); with
 * one, in the key's own transaction. Both write through `insertContexts` (which numbers and signs
 * them) and enqueue only after the commit ONE anchoring job naming every row of that write (the
 * chain worker claims pending rows from PostgreSQL in arrival order, so a job only has to say
 * "these are waiting"). A request is answered only once its rows are committed; a failed enqueue
 * is logged and left to the chain worker's reconciler, which re-enqueues pending rows. The writer
 * keeps no state about logs: any number of API processes write any log, PostgreSQL's row lock on
 * the log's head orders them.
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
  signer: ReceiptSigner,
  opts: { maxBatch?: number; maxConcurrent?: number; maxOutstanding?: number } = {},
): ContextWriter {
  const maxOutstanding = opts.maxOutstanding ?? DEFAULT_CONTEXT_WRITE_QUEUE_MAX;
  let outstanding = 0;
  let nextSeq = 0;
  // Rows with a lower seq were queued when an INSERT failed for want of PostgreSQL.
  let failedBefore = 0;
  const batcher = new MicroBatcher<Queued>({
    maxBatch: opts.maxBatch ?? MAX_ROWS_PER_INSERT,
    weigh: (item) => item.rows.length,
    maxConcurrent: opts.maxConcurrent ?? 4,
    flush: async (items) => {
      if (items.some((item) => item.seq < failedBefore)) {
        throw new AppError("SERVICE_UNAVAILABLE", "The database is not answering; retry with backoff.");
      }
      const rows = items.length === 1 ? (items[0]?.rows ?? []) : items.flatMap((item) => item.rows);
      try {
        const stored = await insertContexts(db, rows, signer);
        // back to each write its own rows, in order (stored keeps the order of rows)
        let at = 0;
        for (const item of items) {
          item.stored = stored.slice(at, at + item.rows.length);
          at += item.rows.length;
        }
      } catch (err) {
        if (isServiceUnavailable(err)) failedBefore = nextSeq;
        throw err;
      }
      await enqueueAnchoring(
        queues,
        logger,
        rows.map((row) => row.id),
      );
    },
  });
  return {
    get outstanding() {
      return outstanding;
    },
    async write(rows) {
      if (rows.length === 0) return [];
      if (outstanding + rows.length > maxOutstanding) {
        throw new AppError(
          "SERVICE_UNAVAILABLE",
          "Too many contexts are waiting to be written; retry with backoff.",
        );
      }
      outstanding += rows.length;
      try {
        const item: Queued = { rows, seq: nextSeq++ };
        await batcher.add(item);
        if (item.stored?.length !== rows.length)
          throw new Error("a write was flushed but not returned as stored");
        return item.stored;
      } finally {
        outstanding -= rows.length;
      }
    },
    async writeIdempotent(rows, request, respond) {
      const result = await withIdempotency(db, request, async (sql) => {
        const stored = await insertContexts(sql, rows, signer);
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

/**
 * Queues anchoring (after the commit): one job for the contexts of one write, or for a failed one
 * sent back to pending. Its id is the write's first context id (unique: ids are never reused), so
 * enqueueing the same write twice while its job exists is a no-op.
 */
export async function enqueueAnchoring(queues: JobQueues, logger: Logger, contextIds: string[]) {
  await queues.enqueueMany("anchorContexts", anchorJobsFor(contextIds)).catch((err: unknown) => {
    logger.warn(
      { err, count: contextIds.length },
      "anchor enqueue failed; the reconciler will pick the rows up",
    );
  });
}
