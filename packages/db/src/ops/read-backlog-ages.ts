import { IN_FLIGHT_STATUSES } from "../anchors/in-flight-anchors";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { oldestAnchorIn, oldestPendingContext } from "./read-backlog-ages.queries";

export interface BacklogAges {
  /** created_at of the oldest pending context, null when none is pending */
  oldestPendingContextAt: Date | null;
  /** created_at of the oldest anchor not yet confirmed or failed (queued, sent or mined) */
  oldestUnconfirmedAnchorAt: Date | null;
}

/**
 * What the operator's alerts watch in PostgreSQL, each answered from the head of an index, so they
 * stay cheap however many rows are confirmed: the first context of the queue (pending_contexts, by
 * id: ids are minted at receipt, in time order) and the oldest anchor in flight (anchors (status,
 * signer, created_at)).
 */
export async function readBacklogAges(db: DbOrTx): Promise<BacklogAges> {
  const sql = sqlOf(db);
  const [contexts, anchors] = await Promise.all([
    runQuery(oldestPendingContext, undefined, sql),
    runQuery(oldestAnchorIn, { statuses: [...IN_FLIGHT_STATUSES] }, sql),
  ]);
  return {
    oldestPendingContextAt: contexts[0]?.created_at ?? null,
    oldestUnconfirmedAnchorAt: anchors[0]?.created_at ?? null,
  };
}
