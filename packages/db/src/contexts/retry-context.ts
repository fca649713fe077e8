import { contextTransition } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { readLogIndexes } from "../tlog/read-log";
import { readContextStates } from "./context-statuses";
import { retryContextOf } from "./context-transitions";
import { type Context, decodeContextRow, UNANCHORED } from "./context-view";
import { type ContextReader, readerSees } from "./reader-scope";
import { findContextToRetry } from "./retry-context.queries";

export type RetryContextResult =
  | { outcome: "retried"; context: Context }
  | { outcome: "not_found" }
  | { outcome: "not_retryable"; status: Context["status"]; retryPossible: boolean | null };

/**
 * Moves a failed context whose failure allows it back to pending (context-transitions.ts'
 * `retry`), out of its old batch and with every failure field cleared, so the chain worker anchors
 * it anew (in a new batch, with a new `context.created` once sent). The caller enqueues its anchor
 * job; if that enqueue is lost, the reconciler finds the pending, unbatched row.
 */
export async function retryContext(
  db: DbOrTx,
  reader: ContextReader,
  contextId: string,
  estimatedConfirmation: Date,
): Promise<RetryContextResult> {
  return inSqlTransaction(db, async (sql) => {
    const [current] = await runQuery(
      findContextToRetry,
      { contextId, userId: reader.userId, ...(await readerSees(sql, reader)) },
      sql,
    );
    if (!current) return { outcome: "not_found" as const };
    const retried = await retryContextOf(sql, { contextId, userId: reader.userId, estimatedConfirmation });
    if (!retried) {
      const [state] = await readContextStates(sql, [contextId]);
      return {
        outcome: "not_retryable" as const,
        status: state?.status ?? contextTransition(null, "receive"),
        retryPossible: current.retry_possible,
      };
    }
    // out of any batch now: nothing of an anchor to show; still in the log, where it stays
    const logIndex = (await readLogIndexes(sql, [retried.id])).get(retried.id) ?? null;
    return {
      outcome: "retried" as const,
      context: {
        ...decodeContextRow(retried),
        status: contextTransition("failed", "retry"),
        leafIndex: null,
        logIndex,
        ...UNANCHORED,
      },
    };
  });
}
