import { AppError, MicroBatcher, type NewContext } from "@ctxlog/core";
import {
  type Context,
  type IdempotencyRequest,
  insertContexts,
  LogHeadCache,
  type PrismaClient,
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
   * Resolves with the row as stored (its place in its agent's log assigned) once it is committed. Rejects with SERVICE_UNAVAILABLE, the row unwritten, when
   * `maxOutstanding` rows are already waiting, or when the row waited behind a write that found
   * PostgreSQL unreachable.
   */
  add(row: NewContext): Promise<Context>;
  /** `add` without handing the row to the process that writes its log: for that process's peers' rows. */
  addHere(row: NewContext): Promise<Context>;
  /**
   * The same for rows that stand or fall together (a batch request): one INSERT holds all of them,
   * so either every row is committed or none is. Refused whole when they do not fit under
   * `maxOutstanding`.
   */
  addMany(rows: readonly NewContext[]): Promise<Context[]>;
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

/**
 * In a cluster (API_PROCESSES > 1), each agent log has an owner process: `add` hands a row of a
 * busy log another process owns to that process (peer-writes.ts), so the log's head stays
 * remembered in one place and its writes stay one statement. Batch and Idempotency-Key writes stay
 * where they arrived (a batch commits whole, in one statement, whatever logs it spans).
 */
export interface LogAffinity {
  /** this process's index in the cluster */
  self: number;
  /** the index of the process that should write `row` now (this one, unless it hands the row on) */
  writerOf(row: NewContext): number;
  /** the row as process `owner` stored it, or null when it cannot be reached (nothing was sent) */
  writeAt(owner: number, row: NewContext): Promise<Context | null>;
  /** counts the rows handed on, and those written here because their owner was unreachable */
  onHandOff?(outcome: "forwarded" | "owner_unreachable"): void;
}

interface Queued {
  rows: readonly NewContext[];
  seq: number;
  /** set by the flush that wrote them: the rows as stored, in the same order */
  stored?: Context[];
}

function only(stored: Context[], id: string): Context {
  const [row] = stored;
  if (!row) throw new Error(`context ${id} was flushed but not returned as stored`);
  return row;
}

/** Rows per INSERT: a write of more rows than this (one batch request) goes alone. */
const MAX_ROWS_PER_INSERT = 1_000;

/**
 * The one place new contexts are written and their anchoring queued, whatever the path. Without an
 * Idempotency-Key rows go in batches (one INSERT for all requests waiting at that moment); with
 * one, in the key's own transaction. Both write through `insertContexts` and enqueue only after
 * the commit ONE anchoring job naming every row of that write (not one per context: the chain
 * worker claims pending rows from PostgreSQL in arrival order, so a job only has to say "these
 * are waiting"). A request is answered only once its row is committed; a
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
  opts: {
    maxBatch?: number;
    maxConcurrent?: number;
    maxOutstanding?: number;
    chained?: boolean;
    affinity?: LogAffinity;
  } = {},
): ContextWriter {
  const maxOutstanding = opts.maxOutstanding ?? DEFAULT_CONTEXT_WRITE_QUEUE_MAX;
  let outstanding = 0;
  let nextSeq = 0;
  // Rows with a lower seq were queued when an INSERT failed for want of PostgreSQL.
  let failedBefore = 0;
  // the heads of the logs this process wrote: its next write to one of them is a single statement
  const heads = new LogHeadCache();
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
        const stored = await insertContexts(db, rows, { chained: opts.chained, heads });
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
  async function write(rows: readonly NewContext[]) {
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
  }
  return {
    get outstanding() {
      return outstanding;
    },
    async add(row) {
      const { affinity } = opts;
      if (affinity && opts.chained !== false) {
        const writer = affinity.writerOf(row);
        if (writer !== affinity.self) {
          const stored = await affinity.writeAt(writer, row);
          affinity.onHandOff?.(stored ? "forwarded" : "owner_unreachable");
          if (stored) return stored;
        }
      }
      return only(await write([row]), row.id);
    },
    addHere: (row) => write([row]).then((stored) => only(stored, row.id)),
    addMany: (rows) => (rows.length === 0 ? Promise.resolve([]) : write(rows)),
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
