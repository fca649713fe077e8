import type { PrismaClient } from "../generated/prisma/client";
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
 * each answering how many remain. Null when the user has no context for that agent.
 */
export async function eraseAgentData(
  db: PrismaClient,
  input: { userId: string; agentId: string; by: Eraser; batchSize?: number; maxBatches?: number },
): Promise<EraseAgentDataResult | null> {
  const { userId, agentId } = input;
  const batchSize = input.batchSize ?? 500;
  const maxBatches = input.maxBatches ?? 20;
  const any = await db.context.findFirst({ where: { userId, agentId }, select: { id: true } });
  if (!any) return null;
  let erased = 0;
  // ids only grow: a cursor keeps each batch from scanning the rows erased before it
  let after = "";
  for (let batch = 0; batch < maxBatches; batch++) {
    const { claimed, count, last } = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM contexts
         WHERE user_id = ${userId} AND agent_id = ${agentId} AND id > ${after}
           AND data_erased_at IS NULL
         ORDER BY id LIMIT ${batchSize}
           FOR UPDATE SKIP LOCKED`;
      const done = await eraseContextsData(
        tx,
        rows.map((r) => r.id),
        input.by,
      );
      return { claimed: rows.length, count: done.length, last: rows.at(-1)?.id ?? after };
    });
    erased += count;
    after = last;
    if (claimed < batchSize) break;
  }
  const remaining = await db.context.count({ where: { userId, agentId, dataErasedAt: null } });
  return { erased, remaining };
}
