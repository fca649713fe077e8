import { contextFailedData, type ErrorCode } from "@ctxlog/core";
import { failContextsOfBatch } from "../contexts/context-transitions";
import { bufferOfHex, hexOf, hexOrNull } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { failAnchorRowOf, type MinedAt, mineAnchorRow, unmineAnchorRow } from "./anchor-transitions";
import { announceWith } from "./announce-anchors";
import { recordContextEventsWith } from "./record-anchor-events";
import {
  abandonUnsentTransactions,
  anchorTransactionsOf,
  lowestOpenBroadcast,
  markTransactionMined,
  minedAnchorsOf,
  rebroadcastTransactions,
} from "./track-anchors.queries";

/** Which of these transaction hashes are ours (any status: a replaced one may still be mined). */
export async function findAnchorTransactions(db: DbOrTx, hashes: readonly string[]) {
  if (hashes.length === 0) return [];
  const rows = await runQuery(anchorTransactionsOf, { hashes: hashes.map((h) => bufferOfHex(h)) }, sqlOf(db));
  return rows.map((r) => ({ hash: hexOf(r.hash), anchorId: r.anchor_id }));
}

/** What a receipt in a block says of an anchor's transaction. */
export type MinedReceipt = MinedAt;

/**
 * A transaction of the anchor is in a block: the anchor waits there for the required depth. Its
 * other transactions (same nonce) can never be mined now. Idempotent: a second sighting of the
 * same block changes nothing.
 */
export async function recordAnchorMined(db: DbOrTx, m: MinedReceipt): Promise<boolean> {
  return inSqlTransaction(db, async (sql) => {
    // anchor-transitions.ts' `mine`
    if (!(await mineAnchorRow(sql, m))) return false;
    await runQuery(markTransactionMined, { anchorId: m.anchorId, hash: bufferOfHex(m.transactionHash) }, sql);
    // found mined before its broadcast was recorded (its sender died in between): announce it now
    await announceWith(sql, [m.anchorId]);
    return true;
  });
}

/** Mined anchors of this chain and registry, waiting for depth. */
export async function listMinedAnchors(db: DbOrTx, chainId: number, registryAddress: string) {
  const rows = await runQuery(minedAnchorsOf, { chainId, registryAddress }, sqlOf(db));
  return rows.map((r) => ({
    id: r.id,
    blockNumber: r.block_number === null ? null : BigInt(r.block_number),
    blockHash: hexOrNull(r.block_hash),
    reverted: r.reverted,
  }));
}

/**
 * The anchor's block left the canonical chain before the required depth: back to waiting for a
 * block (its transactions are pending again, or will be re-broadcast if the node dropped them).
 */
export async function unmineAnchor(db: DbOrTx, anchorId: string, blockHash: string): Promise<boolean> {
  return inSqlTransaction(db, async (sql) => {
    // anchor-transitions.ts' `unmine`
    if (!(await unmineAnchorRow(sql, anchorId, blockHash))) return false;
    await runQuery(rebroadcastTransactions, { anchorId }, sql);
    return true;
  });
}

/** insufficient_gas, reverted and rpc_unavailable as the issue names them; rejected: the node refused it otherwise */
export type FailureReason = "insufficient_gas" | "reverted" | "rpc_unavailable" | "rejected";

export interface AnchorFailure {
  reason: FailureReason;
  message: string;
  details: string;
  retryPossible: boolean;
}

/**
 * The anchor cannot succeed: it and its pending contexts fail, each context with one
 * `context.failed` (error BLOCKCHAIN_ERROR). Its unsent transactions are abandoned.
 */
export async function failAnchor(db: DbOrTx, anchorId: string, failure: AnchorFailure) {
  return inSqlTransaction(db, async (sql) => {
    // anchor-transitions.ts' `fail`
    if (!(await failAnchorRowOf(sql, anchorId, { reason: failure.reason, error: failure.details })))
      return { failed: 0 };
    await runQuery(abandonUnsentTransactions, { anchorId }, sql);
    // its contexts fail with it (context-transitions.ts' `fail`): the one write of a context by
    // the chain worker, naming the batch it failed in
    const contexts = await failContextsOfBatch(sql, anchorId, {
      message: failure.message,
      details: failure.details,
      reason: failure.reason,
      retryPossible: failure.retryPossible,
    });
    await recordContextEventsWith(sql, "context.failed", contexts, (c) =>
      contextFailedData({
        id: c.id,
        agentId: c.agent_id,
        transactionHash: hexOrNull(c.transaction_hash),
        errorCode: c.error_code as ErrorCode,
        errorMessage: c.error_message,
        errorDetails: c.error_details,
        retryPossible: c.retry_possible,
        failureReason: c.failure_reason,
      }),
    );
    return { failed: contexts.length };
  });
}

/** The lowest block a not-yet-mined transaction could be in: where a restarted tracker resumes. */
export async function lowestOpenBroadcastBlock(db: DbOrTx, chainId: number): Promise<bigint | null> {
  const [row] = await runQuery(lowestOpenBroadcast, { chainId }, sqlOf(db));
  const min = row?.min;
  return min === null || min === undefined ? null : BigInt(min);
}
