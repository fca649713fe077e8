import { countEndpointsByHealth, type PrismaClient } from "@ctxlog/db";
import type { JobQueues } from "@ctxlog/jobs";
import { readQueueStats } from "@ctxlog/jobs";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";
import type { WorkerMetrics } from "./metrics";

/**
 * Refreshes the deliveries queue's gauges (jobs per state, oldest waiting job) and the endpoints by
 * health (the API's `health`, GET /v1/overview's `webhooks_by_health`) every `intervalMs`.
 */
export function startQueueGauges(deps: {
  db: PrismaClient;
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
      for (const [health, n] of Object.entries(await countEndpointsByHealth(deps.db)))
        deps.metrics.endpoints.set({ health }, n);
      return "idle";
    },
    { idleMs: deps.intervalMs, errorBackoffMs: deps.intervalMs, logger: deps.logger },
  );
}
