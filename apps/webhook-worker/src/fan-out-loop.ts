import { fanOutEvents, type PrismaClient } from "@ctxlog/db";
import { deliveryJobsFor, type JobQueues } from "@ctxlog/jobs";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";
import type { WorkerMetrics } from "./metrics";

export interface FanOutLoopDeps {
  db: PrismaClient;
  queues: JobQueues;
  logger: Logger;
  metrics: WorkerMetrics;
  batchSize: number;
  pollMs: number;
}

/**
 * Turns recorded events (written by any process through `recordEvent`) into deliveries and queues
 * them, with jobId = the delivery's key. Woken by the NOTIFY that `recordEvent` sends at commit (see
 * wiring.ts), it loops at once while the backlog fills whole batches, and polls every `pollMs`
 * while idle in case a notification was missed. A lost enqueue is only logged: the deliveries
 * are committed and due, so the reconciler queues them.
 */
export function startFanOutLoop(deps: FanOutLoopDeps): RunningLoop {
  const { db, queues, logger, metrics, batchSize } = deps;
  return runLoop(
    "fan-out",
    async () => {
      const { events, deliveries } = await fanOutEvents(db, { batchSize });
      if (events === 0) return "idle";
      metrics.fannedOut.inc(events);
      if (deliveries.length > 0) {
        await queues
          .enqueueMany("deliverWebhook", deliveryJobsFor(deliveries))
          .catch((err: unknown) =>
            logger.warn({ err, count: deliveries.length }, "enqueue failed; the reconciler will retry"),
          );
      }
      return events === batchSize ? "more" : "idle";
    },
    { idleMs: deps.pollMs, logger },
  );
}
