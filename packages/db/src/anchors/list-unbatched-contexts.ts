import type { DbOrTx } from "../prisma-types";
import { IN_FLIGHT_CONTEXT_IDS_SQL } from "./in-flight-anchors";

/**
 * Pending contexts in no batch, created before `createdBefore`, by id after `afterId`: what the
 * reconciler re-enqueues so a lost or flushed queue loses nothing.
 */
export async function listUnbatchedContextIds(
  db: DbOrTx,
  opts: { createdBefore: Date; afterId?: string; limit: number },
): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT q.id FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
      WHERE q.id > $2 AND q.id NOT IN (${IN_FLIGHT_CONTEXT_IDS_SQL}) AND c.created_at < $1
      ORDER BY q.id LIMIT $3`,
    opts.createdBefore,
    opts.afterId ?? "",
    opts.limit,
  );
  return rows.map((r) => r.id);
}

/**
 * Those of `contextIds` still pending in no batch: what an anchoring job still waits for (the rest
 * are in a batch, whichever replica claimed them, or no longer pending).
 */
export async function listUnbatchedAmong(db: DbOrTx, contextIds: readonly string[]): Promise<string[]> {
  if (contextIds.length === 0) return [];
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM pending_contexts WHERE id = ANY($1::text[]) AND id NOT IN (${IN_FLIGHT_CONTEXT_IDS_SQL})`,
    contextIds,
  );
  return rows.map((r) => r.id);
}
