import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { agentDataLeft, claimAgentContexts } from "./erase-agent-data.queries";
import { type Eraser, eraseContextsData } from "./erase-contexts-data";

export interface EraseAgentDataResult {
  /** contexts erased by this call */
  erased: number;
  /** contexts of the agent whose data is still kept: call again while above zero */
  remaining: number;
}

/**
 * Erases the data of one agent's contexts (DELETE /v1/agents/:agent_id/data), `batchSize` per
 * short transaction (rows locked with SKIP LOCKED, so a concurrent call or the retention loop
 * shares the work), for at most `maxBatches` batches: a large log is erased over several calls,
 * each answering how many remain. Null when the user has no context for that agent (its first
 * batch then claims nothing).
 */
export async function eraseAgentData(
  db: DbOrTx,
  input: { userId: string; agentId: string; by: Eraser; batchSize?: number; maxBatches?: number },
): Promise<EraseAgentDataResult | null> {
  const { userId, agentId } = input;
  const batchSize = input.batchSize ?? 500;
  const maxBatches = input.maxBatches ?? 20;
  let erased = 0;
  // ids only grow: a cursor keeps each batch from scanning the rows erased before it
  let after = "";
  for (let batch = 0; batch < maxBatches; batch++) {
    const { claimed, count, last } = await inSqlTransaction(db, async (sql) => {
      const rows = await runQuery(claimAgentContexts, { userId, agentId, after, limit: batchSize }, sql);
      const done = await eraseContextsData(
        sql,
        rows.map((r) => r.id),
        input.by,
      );
      return { claimed: rows.length, count: done.length, last: rows.at(-1)?.id ?? after };
    });
    erased += count;
    after = last;
    if (claimed < batchSize) break;
  }
  const [left] = await runQuery(agentDataLeft, { userId, agentId }, sqlOf(db));
  if (!left?.logged) return null;
  return { erased, remaining: Number(left.remaining) };
}
