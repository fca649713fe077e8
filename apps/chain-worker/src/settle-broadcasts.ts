import { abandonTransactions, markTransactionsBroadcast, type PrismaClient } from "@ctxlog/db";
import type { Logger } from "pino";
import { retryDelayMs, tagError } from "./backoff";
import type { BroadcastResults } from "./broadcast";
import type { ChainMetrics } from "./metrics";

export interface SettleDeps {
  db: PrismaClient;
  metrics: ChainMetrics;
  logger: Logger;
  /** told of every failure to get anchors out (the stall report's "why") */
  onError: (error: string) => void;
}

export type BroadcastKind = "first" | "replacement" | "rebroadcast" | "refill";

/**
 * What a broadcast's answers mean for the stored transactions: those the node took are marked
 * broadcast, those it refused are abandoned (their nonce free again; a first transaction's anchor
 * is signed anew after a delay, a refused replacement leaves its anchor as it is: see
 * abandonTransactions), and those it could not be asked about stay as they are, to be sent again.
 * `head` is a block number read before sending: no receipt can be in an earlier block.
 */
export async function settleBroadcasts(
  deps: SettleDeps,
  results: BroadcastResults,
  head: bigint | null,
  kind: BroadcastKind,
): Promise<void> {
  const { db, metrics, logger } = deps;
  for (const r of results.values()) if (r.kind !== "ok") metrics.refused.inc({ cause: r.kind });
  const sent = [...results].filter(([, r]) => r.outcome === "broadcast").map(([hash]) => hash);
  metrics.transactions.inc({ kind }, sent.length);
  if (sent.length > 0) {
    const { createdEvents } = await markTransactionsBroadcast(db, sent, head ?? 0n);
    logger.debug({ transactions: sent.length, createdEvents }, "broadcast");
  }
  const refused = [...results].filter(([, r]) => r.outcome === "abandon");
  if (refused.length > 0) {
    const [, first] = refused[0] as [string, { kind: string; detail: string }];
    await abandonTransactions(
      db,
      refused.map(([hash]) => hash),
      tagError(first.kind, first.detail),
      retryDelayMs(1),
    );
    deps.onError(`the node refused ${refused.length} transaction(s): ${first.detail}`);
    logger.warn(
      { transactions: refused.length, kind: first.kind, detail: first.detail },
      "node refused transactions",
    );
  }
}
