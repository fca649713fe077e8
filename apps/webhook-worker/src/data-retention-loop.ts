import type { RetentionPolicy } from "@ctxlog/core";
import { eraseExpiredData, heldExpiredData, type PrismaClient } from "@ctxlog/db";
import { type RunningLoop, runLoop } from "@ctxlog/runtime";
import type { Logger } from "pino";

const PAUSE_BETWEEN_BATCHES_MS = 50;
const DAY_MS = 86_400_000;
/** How far the clocks of the API (which stamps a hold's release) and this worker may disagree. */
const CLOCK_MARGIN_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every `intervalMs`, erases the data of contexts older than each policy's period
 * (CONTEXT_DATA_RETENTION_DAYS, per plan), `batchSize` per short transaction (eraseExpiredData:
 * one context.erased each, copies scrubbed, hashes kept), until every policy's batch comes back
 * short. Each policy remembers the last id it went through: contexts only expire in id order, so
 * what lies behind it is done (a restart goes over the range once more, to catch rows that were
 * locked when passed). Several workers share the work (SKIP LOCKED). Agents under a legal hold keep
 * their data: at the end of each pass the loop says how many contexts it left for holds, and goes
 * back to the oldest of them next time (those of a hold released during the pass too), so they
 * are erased once no hold keeps them.
 */
export function startDataRetentionLoop(deps: {
  db: PrismaClient;
  logger: Logger;
  policies: readonly RetentionPolicy[];
  intervalMs: number;
  batchSize: number;
}): RunningLoop {
  const { db, logger, batchSize, policies } = deps;
  const after = policies.map(() => "");
  let passStartedAt: number | null = null;
  return runLoop(
    "data-retention",
    async () => {
      passStartedAt ??= Date.now();
      let more = false;
      for (const [i, policy] of policies.entries()) {
        const result = await eraseExpiredData(db, {
          cutoff: new Date(Date.now() - policy.days * DAY_MS),
          selector: policy.selector,
          batchSize,
          after: after[i],
        });
        after[i] = result.last;
        if (result.erased > 0)
          logger.info({ erased: result.erased, days: policy.days }, "retention: erased context data");
        if (result.claimed === batchSize) more = true;
      }
      if (!more) {
        for (const [i, policy] of policies.entries()) {
          const held = await heldExpiredData(db, {
            cutoff: new Date(Date.now() - policy.days * DAY_MS),
            selector: policy.selector,
            releasedSince: new Date(passStartedAt - CLOCK_MARGIN_MS),
          });
          if (held.resumeAfter === null) continue;
          if (held.resumeAfter < (after[i] ?? "")) after[i] = held.resumeAfter;
          logger.info(
            { held: held.held, days: policy.days },
            "retention: kept the data of contexts under a legal hold",
          );
        }
        passStartedAt = null;
        return "idle";
      }
      await sleep(PAUSE_BETWEEN_BATCHES_MS);
      return "more";
    },
    { idleMs: deps.intervalMs, logger, errorBackoffMs: deps.intervalMs },
  );
}
