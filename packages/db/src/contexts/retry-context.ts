import { contextTransition } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";
import { sqlOf } from "../sql-transaction";
import { readContextStates } from "./context-statuses";
import { retryContextOf } from "./context-transitions";
import { type Context, decodeContextRow, UNANCHORED } from "./context-view";
import { type ContextReader, readerFilter } from "./reader-scope";

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
  db: PrismaClient,
  reader: ContextReader,
  contextId: string,
  estimatedConfirmation: Date,
): Promise<RetryContextResult> {
  return db.$transaction(async (tx) => {
    const current = await tx.context.findFirst({
      where: { id: contextId, ...readerFilter(reader) },
      select: { id: true, retryPossible: true },
    });
    if (!current) return { outcome: "not_found" as const };
    const retried = await retryContextOf(sqlOf(tx), {
      contextId,
      userId: reader.userId,
      estimatedConfirmation,
    });
    if (!retried) {
      const [state] = await readContextStates(tx, [contextId]);
      return {
        outcome: "not_retryable" as const,
        status: state?.status ?? contextTransition(null, "receive"),
        retryPossible: current.retryPossible,
      };
    }
    return {
      outcome: "retried" as const,
      // out of any batch now: nothing of an anchor to show
      context: {
        ...decodeContextRow(await tx.context.findUniqueOrThrow({ where: { id: contextId } })),
        status: contextTransition("failed", "retry"),
        leafIndex: null,
        ...UNANCHORED,
      },
    };
  });
}
