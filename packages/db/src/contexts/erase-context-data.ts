import { type ErasureRefusal, erasureRefusal, type MinRetention } from "../holds/erasure-guard";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { findUsersContext } from "./erase-context-data.queries";
import { type Eraser, type ErasureNote, eraseContextsData } from "./erase-contexts-data";

/**
 * Erases one context's data (DELETE /v1/contexts/:id/data). Null when the user has no such
 * context (the caller answers 404, as for a missing one); `erasedNow` false when it was already
 * erased (a no-op: no second event, the first erasure's who, when and why are kept); `refused`
 * when its agent is under a legal hold, or the data is younger than the minimum retention and the
 * request does not override it (nothing changes; the caller answers 409).
 */
export async function eraseContextData(
  db: DbOrTx,
  input: ErasureNote & {
    userId: string;
    contextId: string;
    by: Eraser;
    at?: Date;
    minRetention?: MinRetention;
  },
): Promise<{ erasedNow: boolean } | { refused: ErasureRefusal } | null> {
  return inSqlTransaction(db, async (sql) => {
    const [found] = await runQuery(findUsersContext, input, sql);
    if (!found) return null;
    if (found.data_erased_at !== null) return { erasedNow: false };
    const refused = await erasureRefusal(sql, {
      userId: input.userId,
      agentId: found.agent_id,
      minRetention: input.minRetention,
      receivedAt: found.created_at,
    });
    if (refused) return { refused };
    const erased = await eraseContextsData(sql, [found.id], input.by, input.at, input);
    return { erasedNow: erased.length > 0 };
  });
}
