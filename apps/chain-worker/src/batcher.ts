import { WindowBatcher } from "@ctxlog/core";
import { type AnchorTarget, createAnchorBatch, listUnbatchedAmong, type PrismaClient } from "@ctxlog/db";
import { JOBS, type JobPayload, queuePrefix, type RedisClient } from "@ctxlog/jobs";
import { type Job, Worker } from "bullmq";
import type { Logger } from "pino";
import type { ChainMetrics } from "./metrics";

export interface BatcherConfig {
  batchMax: number;
  batchWindowMs: number;
  prefix: string;
}

/** A claim found nothing to take while contexts it waits for were still unbatched: retried soon. */
const HELD_RETRY_MS = 50;
/**
 * ...this many times (another replica's claim commits in milliseconds; another process's turn of
 * the log's sequencer, and the witnesses' cosignatures of a new checkpoint, within a second or so);
 * then the job retries.
 */
const HELD_RETRIES = 200;

/**
 * Consumes anchoring jobs (one per committed write, naming its contexts) and anchors in batches of
 * BATCH_MAX or BATCH_WINDOW_MS: once the jobs in hand name BATCH_MAX contexts, or BATCH_WINDOW_MS
 * after the first of them, it has the transparency log's sequencer append what is queued (`sequence`:
 * an anchor is the log's published tree head, which must cover what it claims), then claims
 * pending contexts from PostgreSQL in arrival order, BATCH_MAX
 * at a time (createAnchorBatch: claims take turns under an advisory lock and skip the contexts of
 * batches in flight, so replicas claim disjoint sets), until every context those jobs name is in a
 * batch, whichever replica's. A job completes only then, so a crash before leaves it to be retried
 * (or re-enqueued by the reconciler); a job whose contexts another replica already batched
 * completes without claiming anything.
 */
export function startBatcher(
  db: PrismaClient,
  connection: RedisClient,
  target: AnchorTarget,
  sequence: () => Promise<unknown>,
  config: BatcherConfig,
  onBatch: () => void,
  logger: Logger,
  metrics: ChainMetrics,
) {
  async function claimUntilBatched(named: string[]) {
    let waiting = new Set(await listUnbatchedAmong(db, named));
    let held = 0;
    while (waiting.size > 0) {
      await sequence();
      const batch = await createAnchorBatch(db, target, { oldest: config.batchMax });
      if (batch) {
        metrics.batches.inc();
        metrics.batchSize.observe(batch.contextIds.length);
        logger.debug({ anchor: batch.anchorId, contexts: batch.contextIds.length }, "batch created");
        onBatch();
        for (const id of batch.contextIds) waiting.delete(id);
        if (batch.contextIds.length === config.batchMax) continue;
      }
      // Nothing (or less than a full batch) was left to claim: what is still waiting is held by
      // another replica's claim under way, or was batched by it meanwhile, or is not yet under the
      // published tree head (another process's sequencer turn, or the witnesses, under way).
      if (waiting.size === 0) break;
      waiting = new Set(await listUnbatchedAmong(db, [...waiting]));
      if (waiting.size === 0) break;
      if (++held > HELD_RETRIES) {
        throw new Error(`${waiting.size} contexts stay unbatched and unclaimable; the job will retry`);
      }
      await new Promise((r) => setTimeout(r, HELD_RETRY_MS));
    }
  }

  const batcher = new WindowBatcher<string[]>({
    maxBatch: config.batchMax,
    windowMs: config.batchWindowMs,
    weigh: (contextIds) => contextIds.length,
    flush: (jobs) => claimUntilBatched(jobs.length === 1 ? (jobs[0] ?? []) : jobs.flat()),
  });
  const worker = new Worker<JobPayload<"anchorContexts">>(
    JOBS.anchorContexts.queue,
    async (job: Job<JobPayload<"anchorContexts">>) => {
      const { contextIds } = JOBS.anchorContexts.payload.parse(job.data);
      await batcher.add(contextIds);
    },
    {
      connection,
      prefix: queuePrefix(connection, config.prefix, JOBS.anchorContexts.queue),
      // Jobs in hand while a window is open: writes under load name many contexts each, so a few
      // fill a batch; at low load each names one, and up to a batch of them wait together.
      concurrency: Math.min(Math.max(config.batchMax, 16), 1_024),
      // a job lives about one batch window plus its claims; a short lock lets the jobs of a
      // killed worker return to the queue within seconds instead of BullMQ's default 30 s
      lockDuration: 5_000,
      stalledInterval: 5_000,
    },
  );
  worker.on("error", (err) => logger.warn({ err }, "anchor queue error"));
  return {
    worker,
    async close() {
      await batcher.drain(); // a window still open is claimed now, not after it elapses
      await worker.close();
      await batcher.drain();
    },
  };
}
