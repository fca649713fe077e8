import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { findUsersContext } from "./erase-context-data.queries";
import { type Eraser, eraseContextsData } from "./erase-contexts-data";

/**
 * Erases one context's data (DELETE /v1/contexts/:id/data). Null when the user has no such
 * context (the caller answers 404, as for a missing one); `erasedNow` false when it was already
 * erased (a no-op: no second event, the first erasure's who and when are kept).
 */
export async function eraseContextData(
  db: DbOrTx,
  input: { userId: string; contextId: string; by: Eraser; at?: Date },
): Promise<{ erasedNow: boolean } | null> {
  return inSqlTransaction(db, async (sql) => {
    const [found] = await runQuery(findUsersContext, input, sql);
    if (!found) return null;
    const erased = await eraseContextsData(sql, [found.id], input.by, input.at);
    return { erasedNow: erased.length > 0 };
  });
}
