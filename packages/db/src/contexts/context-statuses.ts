import type { ContextStatus } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { contextStatesOf } from "./context-statuses.queries";

/**
 * A context's status is derived in one place: the SQL function ctxlog_context_status(id, failed_at)
 * (migration 20261129120744_context_status_defined), which every reader calls in FROM —
 * `CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s` — and no other SQL spells
 * (context-status-owners.test.ts). Its states and transitions: CONTEXT_LIFECYCLE in @ctxlog/core;
 * its writes: context-transitions.ts.
 */
export interface ContextState {
  id: string;
  status: ContextStatus;
  /** the batch it was confirmed or failed in (null while pending) */
  anchorId: string | null;
}

/** Each context's status and batch, by id (those that exist), in one statement. */
export async function readContextStates(
  db: DbOrTx | SqlRunner,
  ids: readonly string[],
): Promise<ContextState[]> {
  if (ids.length === 0) return [];
  return runQuery(contextStatesOf, { ids: [...ids] }, sqlOf(db));
}
