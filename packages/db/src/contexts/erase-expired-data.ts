import { idFloor, idTimestamp } from "@ctxlog/core";
import { heldExpiredContexts } from "../holds/erasure-guard.queries";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { eraseContextsData } from "./erase-contexts-data";
import { claimExpiredContexts } from "./erase-expired-data.queries";

/** Which users a retention period applies to: those on `plans`, or everyone not on `exceptPlans`. */
export type PlanSelector = { plans: string[] } | { exceptPlans: string[] };

export interface EraseExpiredResult {
  /** contexts claimed: fewer than the batch size means nothing more is due */
  claimed: number;
  erased: number;
  /** the last id claimed: pass it as `after` next time (ids are time-ordered) */
  last: string;
}

/**
 * Retention (CONTEXT_DATA_RETENTION_DAYS): erases one small batch of contexts logged before
 * `cutoff` by users `selector` picks, in one short transaction, as DELETE …/data would (events,
 * copies, `context.erased`). Rows come in id order from the primary key, claimed with SKIP
 * LOCKED so several workers share the work; `after` skips what an earlier batch went through,
 * so the erased rows at the start of the range are not read again and again. Call it until it
 * claims fewer than `batchSize`. Agents under a legal hold are skipped (heldExpiredData counts them).
 */
export async function eraseExpiredData(
  db: DbOrTx,
  opts: { cutoff: Date; selector: PlanSelector; batchSize: number; after?: string },
): Promise<EraseExpiredResult> {
  const after = opts.after ?? "";
  const plans = "plans" in opts.selector ? opts.selector.plans : null;
  const exceptPlans = "exceptPlans" in opts.selector ? opts.selector.exceptPlans : [];
  return inSqlTransaction(db, async (sql) => {
    const rows = await runQuery(
      claimExpiredContexts,
      { after, before: idFloor("ctx", opts.cutoff), plans, exceptPlans, limit: opts.batchSize },
      sql,
    );
    const erased = await eraseContextsData(
      sql,
      rows.map((r) => r.id),
      { kind: "retention" },
    );
    return { claimed: rows.length, erased: erased.length, last: rows.at(-1)?.id ?? after };
  });
}

export interface HeldExpiredData {
  /**
   * contexts past the period whose data is kept because their agent is under a legal hold (or was,
   * until a release since `releasedSince`)
   */
  held: number;
  /**
   * where a pass resumes so those rows are looked at again once no hold keeps them: an id just
   * before the oldest of them (pass it as `after`); null when there is none
   */
  resumeAfter: string | null;
}

/**
 * What retention left for legal holds (claimExpiredContexts skips held agents), for the loop's log
 * line and so its cursor goes back to them: the agents held now, and those whose hold was released
 * since `releasedSince` (the start of the pass, less a margin for the clocks: a hold released while
 * the pass ran had its rows skipped, and no later pass would go back for them).
 */
export async function heldExpiredData(
  db: DbOrTx,
  opts: { cutoff: Date; selector: PlanSelector; releasedSince: Date },
): Promise<HeldExpiredData> {
  const plans = "plans" in opts.selector ? opts.selector.plans : null;
  const exceptPlans = "exceptPlans" in opts.selector ? opts.selector.exceptPlans : [];
  const [row] = await runQuery(
    heldExpiredContexts,
    { before: idFloor("ctx", opts.cutoff), plans, exceptPlans, releasedSince: opts.releasedSince },
    sqlOf(db),
  );
  const first = row?.first_id ? idTimestamp(row.first_id) : null;
  return {
    held: Number(row?.held ?? 0),
    resumeAfter: first ? idFloor("ctx", new Date(first.getTime() - 1)) : null,
  };
}
