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
