import type { Queue } from "bullmq";

/** The job states an operator watches: waiting for a worker, waiting for their time, running. */
export const WATCHED_JOB_STATES = ["waiting", "delayed", "active"] as const;
export type WatchedJobState = (typeof WATCHED_JOB_STATES)[number];

export interface QueueStats {
  counts: Record<WatchedJobState, number>;
  /**
   * Seconds the oldest waiting job has waited since it was due (0 when none waits). A job retried
   * after a backoff counts from its previous attempt, so this is an upper bound by that backoff.
   */
  oldestWaitingSeconds: number;
}

/** Three counters and one job read: cheap enough for every metrics refresh. */
export async function readQueueStats(queue: Queue, now = Date.now()): Promise<QueueStats> {
  const [counts, oldest] = await Promise.all([
    queue.getJobCounts(...WATCHED_JOB_STATES),
    queue.getJobs(["waiting"], 0, 0, true),
  ]);
  const job = oldest[0];
  const dueAt = job ? Math.max(job.timestamp + (job.delay ?? 0), job.processedOn ?? 0) : now;
  return {
    counts: {
      waiting: counts.waiting ?? 0,
      delayed: counts.delayed ?? 0,
      active: counts.active ?? 0,
    },
    oldestWaitingSeconds: Math.max(0, (now - dueAt) / 1000),
  };
}
