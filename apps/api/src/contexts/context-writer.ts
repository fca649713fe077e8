import { AppError, MicroBatcher } from "@ctxlog/core";
import { insertContexts, type NewContext, type PrismaClient } from "@ctxlog/db";
import type { JobQueues } from "@ctxlog/jobs";
import type { Logger } from "pino";
import { isServiceUnavailable } from "../http/unavailable";

export interface ContextWriter {
  /**
   * Resolves once the row is committed. Rejects with SERVICE_UNAVAILABLE, the row unwritten, when
   * `maxOutstanding` rows are already waiting, or when the row waited behind a write that found
   * PostgreSQL unreachable.
   */
  add(row: NewContext): Promise<void>;
  /** rows accepted and not yet answered: queued, or in an INSERT under way */
  readonly outstanding: number;
}

export const DEFAULT_CONTEXT_WRITE_QUEUE_MAX = 2_000;

interface Queued {
  row: NewContext;
  seq: number;
}

/**
 * Writes new contexts in batches (one INSERT for all requests waiting at that moment) and queues
 * their anchoring in one round-trip. A request is answered only once its row is committed; a
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
  opts: { maxBatch?: number; maxConcurrent?: number; maxOutstanding?: number } = {},
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
        await insertContexts(
          db,
          items.map((item) => item.row),
        );
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
        await batcher.add({ row, seq: nextSeq++ });
      } finally {
        outstanding--;
      }
    },
  };
}

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
