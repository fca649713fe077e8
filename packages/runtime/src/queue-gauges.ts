import { Gauge, type Registry } from "prom-client";

/** The shape of @ctxlog/jobs' readQueueStats (kept structural: the runtime depends on no queue). */
export interface QueueStatsLike {
  counts: Record<string, number>;
  oldestWaitingSeconds: number;
}

/**
 * The two gauges every worker exports about the BullMQ queue it consumes, refreshed by the worker:
 * jobs per state, and how long the oldest waiting job has waited since it was due.
 */
export function createQueueGauges(registry: Registry) {
  const jobs = new Gauge({
    name: "ctxlog_queue_jobs",
    help: "Jobs in a BullMQ queue, by state (waiting, delayed, active); refreshed periodically",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
  });
  const oldestWaiting = new Gauge({
    name: "ctxlog_queue_oldest_waiting_seconds",
    help: "Seconds the oldest waiting job of a BullMQ queue has waited since due (0: none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  return {
    jobs,
    oldestWaiting,
    record(queue: string, stats: QueueStatsLike) {
      for (const [state, count] of Object.entries(stats.counts)) jobs.set({ queue, state }, count);
      oldestWaiting.set({ queue }, stats.oldestWaitingSeconds);
    },
  };
}

export type QueueGauges = ReturnType<typeof createQueueGauges>;
