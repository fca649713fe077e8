import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { IN_FLIGHT_STATUSES } from "./in-flight-anchors";
import { unbatchedAmong, unbatchedContextIds } from "./list-unbatched-contexts.queries";

/**
 * Pending contexts in no batch, created before `createdBefore`, by id after `afterId`: what the
 * reconciler re-enqueues so a lost or flushed queue loses nothing.
 */
export async function listUnbatchedContextIds(
  db: DbOrTx,
  opts: { createdBefore: Date; afterId?: string; limit: number },
): Promise<string[]> {
  const rows = await runQuery(
    unbatchedContextIds,
    {
      createdBefore: opts.createdBefore,
      afterId: opts.afterId ?? "",
      limit: opts.limit,
      inFlight: [...IN_FLIGHT_STATUSES],
    },
    sqlOf(db),
  );
  return rows.map((r) => r.id);
}

/**
 * Those of `contextIds` still pending in no batch: what an anchoring job still waits for (the rest
 * are in a batch, whichever replica claimed them, or no longer pending).
 */
export async function listUnbatchedAmong(db: DbOrTx, contextIds: readonly string[]): Promise<string[]> {
  if (contextIds.length === 0) return [];
  const rows = await runQuery(
    unbatchedAmong,
    { ids: [...contextIds], inFlight: [...IN_FLIGHT_STATUSES] },
    sqlOf(db),
  );
  return rows.map((r) => r.id);
}
