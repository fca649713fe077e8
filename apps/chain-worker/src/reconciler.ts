import { listUnbatchedContextIds, type PrismaClient } from "@ctxlog/db";
import type { JobQueues } from "@ctxlog/jobs";

const PAGE = 1_000;

/**
 * Redis is only a work list: every pending context that is in no batch yet and older than
 * `graceMs` gets its anchor job again, with jobId = context id, so a job that exists already is
 * left alone and a flushed or lost one comes back. (Batches need no queue: the sender and the
 * tracker read them straight from PostgreSQL.)
 */
export async function reconcileUnbatchedContexts(db: PrismaClient, queues: JobQueues, graceMs: number) {
  const createdBefore = new Date(Date.now() - graceMs);
  let afterId: string | undefined;
  let enqueued = 0;
  for (;;) {
    const ids = await listUnbatchedContextIds(db, { createdBefore, afterId, limit: PAGE });
    if (ids.length === 0) break;
    await queues.enqueueMany(
      "anchorContext",
      ids.map((contextId) => ({ payload: { contextId }, jobId: contextId })),
    );
    enqueued += ids.length;
    afterId = ids[ids.length - 1];
    if (ids.length < PAGE) break;
  }
  return { enqueued };
}
