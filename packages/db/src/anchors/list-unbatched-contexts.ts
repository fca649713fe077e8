import type { DbOrTx } from "../prisma-types";

/**
 * Pending contexts in no batch, created before `createdBefore`, by id after `afterId`: what the
 * reconciler re-enqueues so a lost or flushed queue loses nothing.
 */
export async function listUnbatchedContextIds(
  db: DbOrTx,
  opts: { createdBefore: Date; afterId?: string; limit: number },
): Promise<string[]> {
  const rows = await db.context.findMany({
    where: {
      status: "pending",
      anchorId: null,
      createdAt: { lt: opts.createdBefore },
      ...(opts.afterId ? { id: { gt: opts.afterId } } : {}),
    },
    orderBy: { id: "asc" },
    take: opts.limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/**
 * Those of `contextIds` still pending in no batch: what an anchoring job still waits for (the rest
 * are in a batch, whichever replica claimed them, or no longer pending).
 */
export async function listUnbatchedAmong(db: DbOrTx, contextIds: readonly string[]): Promise<string[]> {
  if (contextIds.length === 0) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM contexts
    WHERE id = ANY(${contextIds as string[]}::text[]) AND status = 'pending' AND anchor_id IS NULL`;
  return rows.map((r) => r.id);
}
