import type { JobQueues } from "@ctxlog/jobs";
import { readQueueStats } from "@ctxlog/jobs";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";
import type { WorkerMetrics } from "./metrics";

/** Refreshes the deliveries queue's gauges (jobs per state, oldest waiting job) every `intervalMs`. */
export function startQueueGauges(deps: {
  queues: JobQueues;
  metrics: WorkerMetrics;
  logger: Logger;
  intervalMs: number;
}): RunningLoop {
  return runLoop(
    "metrics-refresh",
    async () => {
      // Asked for each time: JobQueues replaces a queue that lost its connection's set-up.
      const queue = deps.queues.queue("deliverWebhook");
      deps.metrics.queue.record(queue.name, await readQueueStats(queue));
      return "idle";
    },
    { idleMs: deps.intervalMs, errorBackoffMs: deps.intervalMs, logger: deps.logger },
  );
}
