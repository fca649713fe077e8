import { MicroBatcher } from "@ctxlog/core";
import { insertContexts, type NewContext, type PrismaClient } from "@ctxlog/db";
import type { JobQueues } from "@ctxlog/jobs";
import type { Logger } from "pino";

export type ContextWriter = MicroBatcher<NewContext>;

/**
 * Writes new contexts in batches (one INSERT for all requests waiting at that moment) and queues
 * their anchoring in one round-trip. A request is answered only once its row is committed; a
 * failed enqueue is logged and left to the chain worker's reconciler, which re-enqueues pending
 * rows, so it never fails a request whose row exists.
 */
export function createContextWriter(
  db: PrismaClient,
  queues: JobQueues,
  logger: Logger,
  opts: { maxBatch?: number; maxConcurrent?: number } = {},
): ContextWriter {
  return new MicroBatcher<NewContext>({
    maxBatch: opts.maxBatch ?? 200,
    maxConcurrent: opts.maxConcurrent ?? 4,
    flush: async (rows) => {
      await insertContexts(db, rows);
      await enqueueAnchoring(
        queues,
        logger,
        rows.map((r) => r.id),
      );
    },
  });
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
