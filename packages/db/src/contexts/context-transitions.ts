import { type ContextEvent, type ContextStatus, contextStatusesFor, contextTransition } from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { confirmBatchContexts, failBatchContexts, retryFailedContext } from "./context-transitions.queries";
import type { StoredContextRow } from "./context-view";
import { toStoredContextRow } from "./stored-context-row";

/**
 * Every change of a context's status, and nothing else, writes what ctxlog_context_status reads
 * (failed_at, pending_contexts, confirmed_contexts): this module, the lifecycle's transitions
 * (@ctxlog/core CONTEXT_LIFECYCLE) as statements. Each statement holds its rows to the statuses the
 * table allows its event from (`contextStatusesFor`, passed to SQL, or the queue itself for
 * `confirm` and `receive`), and the status each leads to is checked against the table when this
 * module loads. `receive` is the queue's row written by insertContexts' one statement (the hot
 * path: receiveContexts, which also writes the rows and their logs' heads). context-status-owners.test.ts fails
 * when another file writes those tables or columns.
 */
const LEADS_TO: Record<ContextEvent, { from: ContextStatus[]; to: ContextStatus }> = {
  // a new row: queued with it
  receive: { from: [], to: "pending" },
  // the queue's rows are the pending contexts (ctxlog_context_status: queued and without failed_at)
  confirm: { from: ["pending"], to: "confirmed" },
  fail: { from: ["pending"], to: "failed" },
  retry: { from: ["failed"], to: "pending" },
};
for (const [event, { from, to }] of Object.entries(LEADS_TO) as [
  ContextEvent,
  (typeof LEADS_TO)[ContextEvent],
][]) {
  const allowed = contextStatusesFor(event);
  if (allowed.join() !== from.join())
    throw new Error(`context-transitions: ${event} is held to ${from}, the table says ${allowed}`);
  for (const f of from.length === 0 ? [null] : from) {
    if (contextTransition(f, event) !== to)
      throw new Error(`context-transitions: ${event} from ${f} does not lead to ${to}`);
  }
}

/**
 * `receive`: insertContexts' one statement, receiveContexts (context-transitions.sql), inserts the
 * new rows, queues them (a new context is pending) and advances their logs' heads.
 */
export { receiveContexts } from "./context-transitions.queries";

/**
 * `confirm`: each context of the batch still queued leaves the queue and is written down as
 * confirmed in its batch at its leaf (confirmed_contexts: the context row itself is not written).
 * The ids and users confirmed, in leaf order.
 */
export async function confirmContextsOfBatch(sql: SqlRunner, anchorId: string) {
  return runQuery(confirmBatchContexts, { anchorId }, sql);
}

export interface ContextsFailure {
  message: string;
  details: string | null;
  reason: string;
  retryPossible: boolean;
}

/**
 * `fail`: the batch's pending contexts fail with it (error BLOCKCHAIN_ERROR, failed_at, the batch
 * in anchor_id) and leave the queue. The rows failed, with what their `context.failed` carries.
 */
export async function failContextsOfBatch(sql: SqlRunner, anchorId: string, failure: ContextsFailure) {
  return runQuery(failBatchContexts, { anchorId, ...failure, from: LEADS_TO.fail.from }, sql);
}

/**
 * `retry`: a failed context whose failure allows it goes back to pending: every failure field
 * cleared, out of its old batch, queued again at its place in arrival order. Its row as it is now,
 * or null when it is not the user's, not failed, or its failure does not allow a retry.
 */
export async function retryContextOf(
  sql: SqlRunner,
  context: { contextId: string; userId: string; estimatedConfirmation: Date },
): Promise<StoredContextRow | null> {
  const [row] = await runQuery(retryFailedContext, { ...context, from: LEADS_TO.retry.from }, sql);
  return row === undefined ? null : toStoredContextRow(row);
}
