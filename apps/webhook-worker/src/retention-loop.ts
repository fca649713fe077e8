import {
  ensureEventPartitions,
  type PrismaClient,
  purgeExpiredEvents,
  retireEventPartitions,
} from "@ctxlog/db";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";

// Between two batches of one run: other writers get the tables' pages and locks in between.
const PAUSE_BETWEEN_BATCHES_MS = 50;
const DAY_MS = 86_400_000;
/** Day partitions kept created ahead of today: inserts past them would go to the default partition. */
export const PARTITION_DAYS_AHEAD = 7;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every `intervalMs`: creates the day partitions of the events tables up to PARTITION_DAYS_AHEAD
 * days ahead, drops each day wholly older than `retentionMs` in which nothing is pending (events,
 * deliveries and attempts together: retireEventPartitions), then removes row by row, `batchSize`
 * events per short transaction (purgeExpiredEvents: never a pending delivery, never a context),
 * what dropping days cannot reach: rows of the default partitions, and with a retention period
 * under a day (tests, demos) every expired row. Several workers share the work (SKIP LOCKED; a
 * day already dropped by another is simply gone).
 */
export function startRetentionLoop(deps: {
  db: PrismaClient;
  logger: Logger;
  retentionMs: number;
  intervalMs: number;
  batchSize: number;
}): RunningLoop {
  const { db, logger, batchSize } = deps;
  let runStarting = true;
  return runLoop(
    "retention",
    async () => {
      const cutoff = new Date(Date.now() - deps.retentionMs);
      if (runStarting) {
        const created = await ensureEventPartitions(db, { daysAhead: PARTITION_DAYS_AHEAD });
        if (created.length > 0) logger.info({ days: created }, "retention: created day partitions");
        const { retired, heldBack } = await retireEventPartitions(db, { cutoff });
        if (retired.length > 0) logger.info({ retired }, "retention: dropped expired days");
        if (heldBack.length > 0)
          logger.debug({ heldBack }, "retention: expired days held back by pending work");
        runStarting = false;
      }
      const result = await purgeExpiredEvents(db, {
        cutoff,
        batchSize,
        defaultPartitionOnly: deps.retentionMs >= DAY_MS,
      });
      if (result.events > 0) logger.debug(result, "retention: removed expired events");
      if (result.claimed < batchSize) {
        runStarting = true;
        return "idle";
      }
      await sleep(PAUSE_BETWEEN_BATCHES_MS);
      return "more";
    },
    { idleMs: deps.intervalMs, logger, errorBackoffMs: deps.intervalMs },
  );
}
