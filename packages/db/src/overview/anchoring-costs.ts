import { idFloor } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { anchoringCostsByDay } from "./anchoring-costs.queries";
import { lastEndedAnchors } from "./last-anchors.queries";

const DAY = 86_400_000;

/** What anchoring one user's contexts cost, summed over some of them (a day, or a window). */
export interface AnchoringCostSums {
  /** the user's contexts confirmed */
  contexts: number;
  /** the batches that anchored them (others' contexts may share them) */
  batches: number;
  /** those batches' whole gas */
  batchGas: bigint;
  /** the user's share of it: each batch's gas split evenly over its contexts (rounded per day) */
  gas: bigint;
  /** batches, and the user's contexts in them, whose gas price was recorded: the fees cover only these */
  pricedBatches: number;
  pricedContexts: number;
  /** gas × effective gas price of the priced batches, in wei */
  batchFeeWei: bigint;
  /** the user's share of it, in wei */
  feeWei: bigint;
}

export interface AnchoringCostDay extends AnchoringCostSums {
  /** the UTC day the batches were confirmed, YYYY-MM-DD */
  day: string;
}

const ZERO: AnchoringCostSums = {
  contexts: 0,
  batches: 0,
  batchGas: 0n,
  gas: 0n,
  pricedBatches: 0,
  pricedContexts: 0,
  batchFeeWei: 0n,
  feeWei: 0n,
};

/** Every UTC day that [since, until) touches, oldest first. */
export function utcDays(since: Date, until: Date): string[] {
  const days: string[] = [];
  for (let t = Math.floor(since.getTime() / DAY) * DAY; t < until.getTime(); t += DAY) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function add(a: AnchoringCostSums, b: AnchoringCostSums): AnchoringCostSums {
  return {
    contexts: a.contexts + b.contexts,
    batches: a.batches + b.batches,
    batchGas: a.batchGas + b.batchGas,
    gas: a.gas + b.gas,
    pricedBatches: a.pricedBatches + b.pricedBatches,
    pricedContexts: a.pricedContexts + b.pricedContexts,
    batchFeeWei: a.batchFeeWei + b.batchFeeWei,
    feeWei: a.feeWei + b.feeWei,
  };
}

/**
 * What anchoring one user's contexts cost over [since, until), per UTC day of confirmation
 * (every day of the window, zero-filled) and in total. A batch carries many users' contexts: its
 * gas and fee are shared evenly by them, and a user pays for their share only.
 */
export async function readAnchoringCosts(
  db: DbOrTx,
  userId: string,
  window: { since: Date; until: Date },
): Promise<{ days: AnchoringCostDay[]; total: AnchoringCostSums }> {
  const rows = await runQuery(
    anchoringCostsByDay,
    {
      userId,
      since: window.since,
      until: window.until,
      idFloor: idFloor("ctx", new Date(window.since.getTime() - DAY)),
      idCeiling: idFloor("ctx", window.until),
    },
    sqlOf(db),
  );
  const byDay = new Map(
    rows.map((r) => [
      r.day,
      {
        contexts: Number(r.contexts),
        batches: Number(r.batches),
        batchGas: BigInt(r.batch_gas),
        gas: BigInt(r.gas),
        pricedBatches: Number(r.priced_batches),
        pricedContexts: Number(r.priced_contexts),
        batchFeeWei: BigInt(r.batch_fee_wei),
        feeWei: BigInt(r.fee_wei),
      },
    ]),
  );
  const days = utcDays(window.since, window.until).map((day) => ({ day, ...(byDay.get(day) ?? ZERO) }));
  return { days, total: days.reduce<AnchoringCostSums>(add, ZERO) };
}

/** The service's newest confirmed batch, and its newest failed one with why it failed. */
export interface LastAnchors {
  confirmedAt: Date | null;
  failedAt: Date | null;
  failureReason: string | null;
}

export async function readLastAnchors(db: DbOrTx): Promise<LastAnchors> {
  const [row] = await runQuery(lastEndedAnchors, undefined, sqlOf(db));
  return {
    confirmedAt: row?.confirmed_at ?? null,
    failedAt: row?.failed_at ?? null,
    failureReason: row?.failure_reason ?? null,
  };
}
