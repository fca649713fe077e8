import type { ContextStatus } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

/**
 * A context's status as readers show it, in SQL over `c` (contexts): failed when its row says so
 * (a failure writes the row), pending while queued (pending_contexts), else confirmed. No column of
 * the row says confirmed: a confirmation leaves the row as it was and writes its batch and leaf in
 * confirmed_contexts (rows confirmed before migration 20261127164638 say it themselves).
 */
export const CONTEXT_STATUS_SQL = `CASE WHEN c.failed_at IS NOT NULL OR c.status = 'failed' THEN 'failed'
  WHEN EXISTS (SELECT 1 FROM pending_contexts q WHERE q.id = c.id) THEN 'pending'
  ELSE 'confirmed' END`;

export interface ContextState {
  id: string;
  status: ContextStatus;
  /** the batch it was confirmed or failed in (null while pending) */
  anchorId: string | null;
}

/** Each context's status and batch, by id (those that exist), in one statement. */
export async function readContextStates(db: DbOrTx, ids: readonly string[]): Promise<ContextState[]> {
  if (ids.length === 0) return [];
  return db.$queryRawUnsafe<ContextState[]>(
    `SELECT c.id, (${CONTEXT_STATUS_SQL}) AS status, COALESCE(m.anchor_id, c.anchor_id) AS "anchorId"
       FROM contexts c LEFT JOIN confirmed_contexts m ON m.id = c.id
      WHERE c.id = ANY($1::text[])
      ORDER BY c.id`,
    [...ids],
  );
}
