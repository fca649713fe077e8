import { contextConfirmedData, contextFailedData } from "@ctxlog/core";
import { toContextView } from "../contexts/context-view";
import { recordContextEvents } from "../events/record-event";
import type { PrismaClient } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import type { AnchorProof } from "./anchor-target";
import { announceAnchors } from "./send-anchors";

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

/**
 * A transaction of the anchor is in a block: the anchor waits there for the required depth. Its
 * other transactions (same nonce) can never be mined now. Idempotent: a second sighting of the
 * same block changes nothing.
 */
export async function recordAnchorMined(db: PrismaClient, m: MinedReceipt): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = await tx.anchor.updateMany({
      where: { id: m.anchorId, status: { in: ["queued", "sent"] } },
      data: {
        status: "mined",
        transactionHash: m.transactionHash,
        blockNumber: m.blockNumber,
        blockHash: m.blockHash,
        blockTimestamp: m.blockTimestamp,
        gasUsed: m.gasUsed,
        reverted: m.reverted,
        minedAt: new Date(),
      },
    });
    if (updated.count === 0) return false;
    await tx.anchorTransaction.update({ where: { hash: m.transactionHash }, data: { status: "mined" } });
    await tx.anchorTransaction.updateMany({
      where: {
        anchorId: m.anchorId,
        hash: { not: m.transactionHash },
        status: { in: ["signed", "broadcast"] },
      },
      data: { status: "replaced" },
    });
    // found mined before its broadcast was recorded (its sender died in between): announce it now
    await announceAnchors(tx, [m.anchorId]);
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

/**
 * The anchor reached the required depth on the canonical chain: its pending contexts become
 * confirmed, each with one `context.confirmed` carrying its proof. Exactly once: the status
 * guard makes a second call (another replica, a re-run) a no-op.
 */
export async function confirmAnchor(
  db: PrismaClient,
  anchorId: string,
  blockHash: string,
  confirmations: number,
): Promise<{ confirmed: number }> {
  return db.$transaction(async (tx) => {
    const anchors = await tx.$queryRaw<{ id: string }[]>`
      UPDATE anchors SET status = 'confirmed', confirmed_at = now(), updated_at = now()
      WHERE id = ${anchorId} AND status = 'mined' AND block_hash = ${blockHash} AND NOT reverted
      RETURNING id`;
    if (anchors.length === 0) return { confirmed: 0 };
    const anchor = await tx.anchor.findUniqueOrThrow({ where: { id: anchorId } });
    const ids = await tx.$queryRaw<{ id: string }[]>`
      UPDATE contexts SET status = 'confirmed', transaction_hash = ${anchor.transactionHash},
        block_number = ${anchor.blockNumber}, block_timestamp = ${anchor.blockTimestamp},
        gas_used = ${anchor.gasUsed}, confirmations = ${confirmations}, network = ${anchor.network},
        confirmed_at = now(),
        confirmation_time_seconds = greatest(0, round(extract(epoch FROM now() - created_at)))::int,
        updated_at = now()
      WHERE anchor_id = ${anchorId} AND status = 'pending'
      RETURNING id`;
    // Only what the event carries: the context body is not part of a confirmation.
    const contexts = await tx.context.findMany({
      where: { id: { in: ids.map((r) => r.id) } },
      select: {
        id: true,
        userId: true,
        agentId: true,
        transactionHash: true,
        contextHash: true,
        blockNumber: true,
        blockTimestamp: true,
        confirmations: true,
        network: true,
        gasUsed: true,
        confirmationTimeSeconds: true,
        leafIndex: true,
        merkleProof: true,
        sequence: true,
        prevEntryHash: true,
        entryHash: true,
      },
    });
    await recordContextEvents(tx, "context.confirmed", contexts, (c) => {
      const proof: AnchorProof = {
        leaf_index: c.leafIndex ?? 0,
        merkle_proof: c.merkleProof,
        merkle_root: anchor.merkleRoot,
        chain_id: anchor.chainId,
        network: anchor.network,
        registry_address: anchor.registryAddress,
      };
      return contextConfirmedData(c, { proof });
    });
    return { confirmed: contexts.length };
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
export async function failAnchor(db: PrismaClient, anchorId: string, failure: AnchorFailure) {
  return db.$transaction(async (tx) => {
    const anchors = await tx.$queryRaw<{ id: string }[]>`
      UPDATE anchors SET status = 'failed', failed_at = now(), failure_reason = ${failure.reason},
        last_error = ${failure.details}, updated_at = now()
      WHERE id = ${anchorId} AND status NOT IN ('confirmed', 'failed')
      RETURNING id`;
    if (anchors.length === 0) return { failed: 0 };
    await tx.anchorTransaction.updateMany({
      where: { anchorId, status: "signed" },
      data: { status: "abandoned" },
    });
    const ids = await tx.$queryRaw<{ id: string }[]>`
      UPDATE contexts SET status = 'failed', error_code = 'BLOCKCHAIN_ERROR', error_message = ${failure.message},
        error_details = ${failure.details}, failure_reason = ${failure.reason},
        retry_possible = ${failure.retryPossible}, failed_at = now(), updated_at = now()
      WHERE anchor_id = ${anchorId} AND status = 'pending'
      RETURNING id`;
    const contexts = await tx.context.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
    await recordContextEvents(tx, "context.failed", contexts, (c) => contextFailedData(toContextView(c)));
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
