import { type DueDelivery, findDueDeliveries, type PrismaClient } from "@ctxlog/db";
import { deliveryJobsFor, type JobQueues } from "@ctxlog/jobs";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";
import type { WorkerMetrics } from "./metrics";

const PAGE = 1_000;

/**
 * Redis is a work list rebuilt from PostgreSQL: every `intervalMs`, each pending delivery that is
 * due is enqueued again with jobId = its key. A job still in Redis (waiting, delayed, active)
 * makes that a no-op; one lost to FLUSHALL, a crash between commit and enqueue, or a job BullMQ
 * gave up on is recreated. The worker skips deliveries that are no longer pending, so a late
 * duplicate costs a read, and a receiver sees at most a duplicate with the same delivery id.
 */
export function startReconciler(deps: {
  db: PrismaClient;
  queues: JobQueues;
  logger: Logger;
  metrics: WorkerMetrics;
  intervalMs: number;
}): RunningLoop {
  const { db, queues, metrics } = deps;
  return runLoop(
    "reconciler",
    async () => {
      let after: DueDelivery | undefined;
      for (;;) {
        const due = await findDueDeliveries(db, { limit: PAGE, after });
        if (due.length > 0) {
          await queues.enqueueMany("deliverWebhook", deliveryJobsFor(due));
          metrics.reconciled.inc(due.length);
        }
        if (due.length < PAGE) return "idle";
        after = due[due.length - 1];
      }
    },
    { idleMs: deps.intervalMs, logger: deps.logger, errorBackoffMs: deps.intervalMs },
  );
}
