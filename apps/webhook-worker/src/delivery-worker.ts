import { JOBS, queuePrefix, type RedisClient } from "@ctxlog/jobs";
import { Worker } from "bullmq";
import type { Logger } from "pino";
import { type createDeliveryProcessor, RefusedJobError, RetryScheduledError } from "./delivery-processor";

export interface DeliveryWorkerOptions {
  connection: RedisClient;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
  logger: Logger;
}

/**
 * Infrastructure failures (the database or Redis unreachable mid-job) are no delivery attempt and
 * follow no webhook schedule: they back off 1 s, 2 s, 4 s … up to 30 s, so a short outage is
 * ridden out quickly. Once BullMQ gives the job up, the reconciler re-enqueues the pending row.
 */
export function infrastructureRetryDelay(attemptsMade: number): number {
  return Math.min(1_000 * 2 ** (Math.max(attemptsMade, 1) - 1), 30_000);
}

/**
 * The BullMQ worker of the webhook-deliveries queue. Retries are BullMQ delayed retries with the
 * catalog's custom backoff "webhook-schedule" (BullMQ keeps custom strategies on the Worker): a
 * failed attempt waits until the row's next_attempt_at, which the processor passes along in
 * RetryScheduledError; any other failure is infrastructure and waits infrastructureRetryDelay.
 */
export function createDeliveryWorker(
  processor: ReturnType<typeof createDeliveryProcessor>,
  opts: DeliveryWorkerOptions,
): Worker {
  const worker = new Worker(JOBS.deliverWebhook.queue, processor, {
    connection: opts.connection,
    prefix: queuePrefix(opts.connection, opts.prefix, JOBS.deliverWebhook.queue),
    concurrency: opts.concurrency,
    autorun: false,
    // A killed worker's job is taken back by the stalled check once its lock lapses.
    lockDuration: opts.lockDurationMs,
    stalledInterval: opts.lockDurationMs,
    settings: {
      backoffStrategy: (attemptsMade: number, type?: string, err?: Error) => {
        if (type !== JOBS.deliverWebhook.backoff.type) throw new Error(`unknown backoff ${type}`);
        if (err instanceof RetryScheduledError) return err.retryDelayMs;
        return infrastructureRetryDelay(attemptsMade);
      },
    },
  });
  worker.on("failed", (job, err) => {
    // a retry is scheduled, not failed; a refused job was logged by the processor
    if (!(err instanceof RetryScheduledError || err instanceof RefusedJobError)) {
      opts.logger.error({ err, jobId: job?.id }, "delivery job failed unexpectedly");
    }
  });
  worker.on("error", (err) => opts.logger.error({ err }, "delivery worker error"));
  return worker;
}
