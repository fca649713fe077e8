import { idFloor } from "@ctxlog/core";
import { type ErasureRefusal, erasureRefusal, type MinRetention } from "../holds/erasure-guard";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { agentDataLeft, claimAgentContexts } from "./erase-agent-data.queries";
import { type Eraser, type ErasureNote, eraseContextsData } from "./erase-contexts-data";

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
 * batch then claims nothing). `refused` (nothing erased) when the agent is under a legal hold, or
 * holds data younger than the minimum retention and the request does not override it; a hold
 * placed while the batches run stops them (eraseContextsData skips held agents), and a context
 * received meanwhile is left for the next call, under a minimum retention.
 */
export async function eraseAgentData(
  db: DbOrTx,
  input: ErasureNote & {
    userId: string;
    agentId: string;
    by: Eraser;
    batchSize?: number;
    maxBatches?: number;
    minRetention?: MinRetention;
  },
): Promise<EraseAgentDataResult | { refused: ErasureRefusal } | null> {
  const { userId, agentId, minRetention } = input;
  const batchSize = input.batchSize ?? 500;
  const maxBatches = input.maxBatches ?? 20;
  const refused = await inSqlTransaction(db, (sql) => erasureRefusal(sql, { userId, agentId, minRetention }));
  if (refused) return { refused };
  // checked above: nothing kept was received after the cutoff, so claims stop there, before any
  // context that arrives while the batches run
  const before =
    minRetention && !minRetention.override && minRetention.days > 0
      ? idFloor("ctx", minRetention.cutoff)
      : null;
  let erased = 0;
  // ids only grow: a cursor keeps each batch from scanning the rows erased before it
  let after = "";
  for (let batch = 0; batch < maxBatches; batch++) {
    const { claimed, count, last } = await inSqlTransaction(db, async (sql) => {
      const rows = await runQuery(
        claimAgentContexts,
        { userId, agentId, after, before, limit: batchSize },
        sql,
      );
      const done = await eraseContextsData(
        sql,
        rows.map((r) => r.id),
        input.by,
        undefined,
        input,
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
