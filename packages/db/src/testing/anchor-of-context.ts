// Test-only: which batch holds a context, wherever the lifecycle has put it.
import { IN_FLIGHT_STATUSES } from "../anchors/in-flight-anchors";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { anchorIdHolding } from "./anchor-of-context.queries";

/**
 * The id of the batch that holds a context: the one it was confirmed in, else its row's (failed
 * in), else the one in flight that lists it.
 */
export async function findAnchorIdOf(db: DbOrTx, contextId: string): Promise<string | null> {
  const rows = await runQuery(
    anchorIdHolding,
    { id: contextId, inFlight: [...IN_FLIGHT_STATUSES] },
    sqlOf(db),
  );
  return rows[0]?.id ?? null;
}
