import type { PrismaClient } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { prismaSql } from "../sql-transaction";
import { requeueAnchorRows } from "./anchor-transitions";

export interface StuckAnchor {
  id: string;
  merkleRoot: string;
  contextCount: number;
  chainId: number;
  registryAddress: string;
  /** the anchor's latest live (not abandoned) transaction */
  latest: {
    hash: string;
    rawTransaction: string;
    nonce: number;
    gasLimit: number;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
  };
}

/**
 * Sent anchors whose latest live transaction was broadcast before `before` and is still not in a
 * block, lowest nonce first (a stuck low nonce holds back every later one). A refused replacement
 * (abandoned) does not hide its predecessor.
 */
export async function listStuckAnchors(
  db: DbOrTx,
  signerAddress: string,
  before: Date,
  limit: number,
): Promise<StuckAnchor[]> {
  const rows = await db.$queryRaw<
    {
      id: string;
      merkle_root: string;
      context_count: number;
      chain_id: number;
      registry_address: string;
      hash: string;
      raw_transaction: string;
      nonce: number;
      gas_limit: number;
      max_fee: string;
      max_tip: string;
    }[]
  >`
    SELECT a.id, a.merkle_root, a.context_count, a.chain_id, a.registry_address,
           t.hash, t.raw_transaction, t.nonce, t.gas_limit,
           t.max_fee_per_gas::text AS max_fee, t.max_priority_fee_per_gas::text AS max_tip
    FROM anchors a
    JOIN LATERAL (
      SELECT * FROM anchor_transactions x
      WHERE x.anchor_id = a.id AND x.status <> 'abandoned'
      ORDER BY x.created_at DESC LIMIT 1
    ) t ON true
    WHERE a.signer_address = ${signerAddress} AND a.status = 'sent'
      AND t.status = 'broadcast' AND t.broadcast_at < ${before}
    ORDER BY t.nonce
    LIMIT ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    merkleRoot: r.merkle_root,
    contextCount: r.context_count,
    chainId: r.chain_id,
    registryAddress: r.registry_address,
    latest: {
      hash: r.hash,
      rawTransaction: r.raw_transaction,
      nonce: r.nonce,
      gasLimit: r.gas_limit,
      maxFeePerGas: BigInt(r.max_fee),
      maxPriorityFeePerGas: BigInt(r.max_tip),
    },
  }));
}

/** A dropped transaction was sent again as it is: its wait for a block starts over. */
export async function touchBroadcast(db: DbOrTx, hash: string): Promise<void> {
  await db.anchorTransaction.update({ where: { hash }, data: { broadcastAt: new Date() } });
}

/**
 * The anchor's nonce was used on chain by none of its transactions (the signer key was used
 * elsewhere): its transactions can never be mined, so they are abandoned and the batch is signed
 * anew with a fresh nonce.
 */
export async function requeueAnchor(db: PrismaClient, anchorId: string, error: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.anchorTransaction.updateMany({
      where: { anchorId, status: { in: ["signed", "broadcast"] } },
      data: { status: "abandoned" },
    });
    // anchor-transitions.ts' `requeue`, at once and not as a failed send attempt
    await requeueAnchorRows(prismaSql(tx), [anchorId], { error, delayMs: 0, countsAttempt: false });
  });
}

/** The anchor's transactions that may still be (or have been) mined. */
export async function listLiveTransactions(db: DbOrTx, anchorId: string) {
  return db.anchorTransaction.findMany({
    where: { anchorId, status: { not: "abandoned" } },
    select: { hash: true },
  });
}
