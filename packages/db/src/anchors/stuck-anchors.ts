import { bufferOfHex, hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { requeueAnchorRows } from "./anchor-transitions";
import {
  abandonLiveTransactions,
  liveTransactionsOf,
  stuckAnchorsOf,
  touchBroadcastOf,
} from "./stuck-anchors.queries";

export interface StuckAnchor {
  id: string;
  merkleRoot: string;
  /** what `anchor(root, count)` is sent with: the tree size of a tree head, else the batch's size */
  anchoredCount: number;
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
  const rows = await runQuery(stuckAnchorsOf, { signerAddress, before, limit }, sqlOf(db));
  return rows.map((r) => ({
    id: r.id,
    merkleRoot: hexOf(r.merkle_root),
    anchoredCount: r.anchored_count,
    chainId: r.chain_id,
    registryAddress: r.registry_address,
    latest: {
      hash: hexOf(r.hash),
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
  await runQuery(touchBroadcastOf, { hash: bufferOfHex(hash) }, sqlOf(db));
}

/**
 * The anchor's nonce was used on chain by none of its transactions (the signer key was used
 * elsewhere): its transactions can never be mined, so they are abandoned and the batch is signed
 * anew with a fresh nonce.
 */
export async function requeueAnchor(db: DbOrTx, anchorId: string, error: string): Promise<void> {
  await inSqlTransaction(db, async (sql) => {
    await runQuery(abandonLiveTransactions, { anchorId }, sql);
    // anchor-transitions.ts' `requeue`, at once and not as a failed send attempt
    await requeueAnchorRows(sql, [anchorId], { error, delayMs: 0, countsAttempt: false });
  });
}

/** The hashes of the anchor's transactions that may still be (or have been) mined. */
export async function listLiveTransactions(db: DbOrTx, anchorId: string): Promise<{ hash: string }[]> {
  return (await runQuery(liveTransactionsOf, { anchorId }, sqlOf(db))).map((r) => ({ hash: hexOf(r.hash) }));
}
