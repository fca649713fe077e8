import { WindowBatcher } from "@ctxlog/core";
import { type AnchorTarget, createAnchorBatch, type PrismaClient } from "@ctxlog/db";
import { JOBS, type JobPayload } from "@ctxlog/jobs";
import { type Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { ChainMetrics } from "./metrics";

export interface BatcherConfig {
  batchMax: number;
  batchWindowMs: number;
  prefix: string;
}

/**
 * Consumes anchor jobs (one per context) and gathers them into batches of BATCH_MAX or
 * BATCH_WINDOW_MS. A job completes only once its context's batch is committed in PostgreSQL, so
 * a crash before that leaves the job to be retried (or re-enqueued by the reconciler).
 */
export function startBatcher(
  db: PrismaClient,
  connection: Redis,
  target: AnchorTarget,
  config: BatcherConfig,
  onBatch: () => void,
  logger: Logger,
  metrics: ChainMetrics,
) {
  const batcher = new WindowBatcher<string>({
    maxBatch: config.batchMax,
    windowMs: config.batchWindowMs,
    flush: async (contextIds) => {
      const batch = await createAnchorBatch(db, target, contextIds);
      if (batch) {
        metrics.batches.inc();
        metrics.batchSize.observe(batch.contextIds.length);
        logger.debug({ anchor: batch.anchorId, contexts: batch.contextIds.length }, "batch created");
        onBatch();
      }
    },
  });
  const worker = new Worker<JobPayload<"anchorContext">>(
    JOBS.anchorContext.queue,
    async (job: Job<JobPayload<"anchorContext">>) => {
      const { contextId } = JOBS.anchorContext.payload.parse(job.data);
      await batcher.add(contextId);
    },
    {
      connection,
      prefix: config.prefix,
      // enough jobs in hand to fill one batch while the previous one is being written
      concurrency: Math.min(Math.max(config.batchMax * 2, 16), 2_048),
      // a job lives at most one batch window plus one flush; a short lock lets the jobs of a
      // killed worker return to the queue within seconds instead of BullMQ's default 30 s
      lockDuration: 5_000,
      stalledInterval: 5_000,
    },
  );
  worker.on("error", (err) => logger.warn({ err }, "anchor queue error"));
  return {
    worker,
    async close() {
      await worker.close();
      await batcher.drain();
    },
  };
}
