import { type PrismaClient, purgeExpiredEvents } from "@ctxlog/db";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";

// Between two batches of one run: other writers get the tables' pages and locks in between.
const PAUSE_BETWEEN_BATCHES_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every `intervalMs`, removes events recorded more than `retentionMs` ago with their deliveries
 * and attempts, `batchSize` events per short transaction (purgeExpiredEvents: never a delivery
 * that is still pending, never a context), until a batch comes back short. Several workers share
 * the work (SKIP LOCKED).
 */
export function startRetentionLoop(deps: {
  db: PrismaClient;
  logger: Logger;
  retentionMs: number;
  intervalMs: number;
  batchSize: number;
}): RunningLoop {
  const { db, logger, batchSize } = deps;
  return runLoop(
    "retention",
    async () => {
      const result = await purgeExpiredEvents(db, {
        cutoff: new Date(Date.now() - deps.retentionMs),
        batchSize,
      });
      if (result.events > 0) logger.debug(result, "retention: removed expired events");
      if (result.claimed < batchSize) return "idle";
      await sleep(PAUSE_BETWEEN_BATCHES_MS);
      return "more";
    },
    { idleMs: deps.intervalMs, logger, errorBackoffMs: deps.intervalMs },
  );
}
