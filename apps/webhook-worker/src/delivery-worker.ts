import { JOBS } from "@ctxlog/jobs";
import { Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { type createDeliveryProcessor, RetryScheduledError } from "./delivery-processor";

export interface DeliveryWorkerOptions {
  connection: Redis;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
  retryDelaysMs: readonly number[];
  logger: Logger;
}

/**
 * The BullMQ worker of the webhook-deliveries queue. Retries are BullMQ delayed retries with the
 * catalog's custom backoff "webhook-schedule", computed here (BullMQ keeps custom strategies on
 * the Worker): the processor says how long, from the delivery row; anything else that failed a
 * job (the database unreachable, say) waits the schedule's step for BullMQ's attempt count.
 */
export function createDeliveryWorker(
  processor: ReturnType<typeof createDeliveryProcessor>,
  opts: DeliveryWorkerOptions,
): Worker {
  const delays = opts.retryDelaysMs;
  const worker = new Worker(JOBS.deliverWebhook.queue, processor, {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
    autorun: false,
    // A killed worker's job is taken back by the stalled check once its lock lapses.
    lockDuration: opts.lockDurationMs,
    stalledInterval: opts.lockDurationMs,
    settings: {
      backoffStrategy: (attemptsMade: number, type?: string, err?: Error) => {
        if (type !== JOBS.deliverWebhook.backoff.type) throw new Error(`unknown backoff ${type}`);
        if (err instanceof RetryScheduledError) return err.retryDelayMs;
        return delays[Math.min(Math.max(attemptsMade, 1), delays.length) - 1] ?? 0;
      },
    },
  });
  worker.on("failed", (job, err) => {
    if (!(err instanceof RetryScheduledError)) {
      opts.logger.error({ err, deliveryId: job?.id }, "delivery job failed unexpectedly");
    }
  });
  worker.on("error", (err) => opts.logger.error({ err }, "delivery worker error"));
  return worker;
}
