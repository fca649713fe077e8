import { contextFailedData, type ErrorCode } from "@ctxlog/core";
import { failContextsOfBatch } from "../contexts/context-transitions";
import type { PrismaClient } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import { announceWith } from "./announce-anchors";
import { recordContextEventsWith } from "./record-anchor-events";

/** Which of these transaction hashes are ours (any status: a replaced one may still be mined). */
export async function findAnchorTransactions(db: DbOrTx, hashes: readonly string[]) {
  if (hashes.length === 0) return [];
  return db.anchorTransaction.findMany({
    where: { hash: { in: hashes as string[] } },
    select: { hash: true, anchorId: true },
  });
}

export interface MinedReceipt {
  anchorId: string;
  transactionHash: string;
  blockNumber: bigint;
  blockHash: string;
  blockTimestamp: Date;
  gasUsed: bigint;
  reverted: boolean;
}

const RECORD_MINED_SQL = `
  UPDATE anchors SET status = 'mined', transaction_hash = $2, block_number = $3::bigint, block_hash = $4,
    block_timestamp = $5, gas_used = $6::bigint, reverted = $7, mined_at = now(), updated_at = now()
  WHERE id = $1 AND status IN ('queued', 'sent')
  RETURNING id`;
const MARK_MINED_SQL = `
  UPDATE anchor_transactions SET status = CASE WHEN hash = $2 THEN 'mined' ELSE 'replaced' END::"AnchorTransactionStatus"
  WHERE anchor_id = $1 AND (hash = $2 OR status IN ('signed', 'broadcast'))`;

/**
 * A transaction of the anchor is in a block: the anchor waits there for the required depth. Its
 * other transactions (same nonce) can never be mined now. Idempotent: a second sighting of the
 * same block changes nothing.
 */
export async function recordAnchorMined(db: DbOrTx, m: MinedReceipt): Promise<boolean> {
  return inSqlTransaction(db, async (sql) => {
    const updated = await sql(RECORD_MINED_SQL, [
      m.anchorId,
      m.transactionHash,
      m.blockNumber.toString(),
      m.blockHash,
      m.blockTimestamp,
      m.gasUsed.toString(),
      m.reverted,
    ]);
    if (updated.length === 0) return false;
    await sql(MARK_MINED_SQL, [m.anchorId, m.transactionHash]);
    // found mined before its broadcast was recorded (its sender died in between): announce it now
    await announceWith(sql, [m.anchorId]);
    return true;
  });
}

/** Mined anchors of this chain and registry, waiting for depth. */
export async function listMinedAnchors(db: DbOrTx, chainId: number, registryAddress: string) {
  return db.anchor.findMany({
    where: { status: "mined", chainId, registryAddress },
    select: { id: true, blockNumber: true, blockHash: true, reverted: true },
  });
}

/**
 * The anchor's block left the canonical chain before the required depth: back to waiting for a
 * block (its transactions are pending again, or will be re-broadcast if the node dropped them).
 */
export async function unmineAnchor(db: PrismaClient, anchorId: string, blockHash: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = await tx.anchor.updateMany({
      where: { id: anchorId, status: "mined", blockHash },
      data: {
        status: "sent",
        blockNumber: null,
        blockHash: null,
        blockTimestamp: null,
        gasUsed: null,
        reverted: false,
        minedAt: null,
      },
    });
    if (updated.count === 0) return false;
    await tx.anchorTransaction.updateMany({
      where: { anchorId, status: { in: ["mined", "replaced"] } },
      data: { status: "broadcast", broadcastAt: new Date() },
    });
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

const FAIL_ANCHOR_SQL = `
  UPDATE anchors SET status = 'failed', failed_at = now(), failure_reason = $2, last_error = $3,
    updated_at = now()
  WHERE id = $1 AND status NOT IN ('confirmed', 'failed')
  RETURNING id`;
/**
 * The anchor cannot succeed: it and its pending contexts fail, each context with one
 * `context.failed` (error BLOCKCHAIN_ERROR). Its unsent transactions are abandoned.
 */
export async function failAnchor(db: DbOrTx, anchorId: string, failure: AnchorFailure) {
  return inSqlTransaction(db, async (sql) => {
    const anchors = await sql(FAIL_ANCHOR_SQL, [anchorId, failure.reason, failure.details]);
    if (anchors.length === 0) return { failed: 0 };
    await sql(
      `UPDATE anchor_transactions SET status = 'abandoned' WHERE anchor_id = $1 AND status = 'signed'`,
      [anchorId],
    );
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
        transactionHash: c.transaction_hash,
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
  const rows = await db.$queryRaw<{ min: bigint | null }[]>`
    SELECT min(t.broadcast_block) AS min FROM anchor_transactions t
    JOIN anchors a ON a.id = t.anchor_id
    WHERE a.status = 'sent' AND a.chain_id = ${chainId} AND t.status IN ('signed', 'broadcast')`;
  const min = rows[0]?.min;
  return min === null || min === undefined ? null : BigInt(min);
}
