import { listUnbatchedContextIds, type PrismaClient } from "@ctxlog/db";
import { ANCHOR_JOB_MAX_CONTEXTS, anchorJobsFor, type JobQueues } from "@ctxlog/jobs";

/**
 * Redis is only a work list: the pending contexts that are in no batch yet and older than
 * `graceMs` get anchoring jobs again, a page of them per job with the page's first id as jobId, so
 * a job that exists already is left alone and a flushed or lost one comes back. (Any job makes the
 * batcher claim the oldest pending contexts first, so a context whose own job was lost is anchored
 * by the next claim in any case. Batches need no queue: the sender and the tracker read them
 * straight from PostgreSQL.)
 */
export async function reconcileUnbatchedContexts(db: PrismaClient, queues: JobQueues, graceMs: number) {
  const createdBefore = new Date(Date.now() - graceMs);
  let afterId: string | undefined;
  let enqueued = 0;
  for (;;) {
    const ids = await listUnbatchedContextIds(db, { createdBefore, afterId, limit: ANCHOR_JOB_MAX_CONTEXTS });
    if (ids.length === 0) break;
    await queues.enqueueMany("anchorContexts", anchorJobsFor(ids));
    enqueued += ids.length;
    afterId = ids[ids.length - 1];
    if (ids.length < ANCHOR_JOB_MAX_CONTEXTS) break;
  }
  return { enqueued };
}
