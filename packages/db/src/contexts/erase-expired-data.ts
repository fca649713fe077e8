import { idFloor } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
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
 * claims fewer than `batchSize`.
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
