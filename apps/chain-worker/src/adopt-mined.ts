import { getBlockHeader, type RpcClient } from "@ctxlog/chain";
import { listLiveTransactions, type PrismaClient, recordAnchorMined, requeueAnchor } from "@ctxlog/db";
import type { Logger } from "pino";
import type { Hex } from "viem";

/**
 * A stuck anchor's nonce is already spent on chain: records the receipt of whichever of its
 * transactions used it (one the tracker never read, e.g. mined while no process had recorded its
 * broadcast). If none did, the signer key was used elsewhere: the batch is signed anew.
 */
export async function adoptMinedTransaction(
  deps: { db: PrismaClient; rpc: RpcClient; logger: Logger },
  anchorId: string,
  nonce: number,
): Promise<void> {
  const { db, rpc, logger } = deps;
  for (const { hash } of await listLiveTransactions(db, anchorId)) {
    const receipt = await rpc.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
    if (!receipt) continue;
    const header = await getBlockHeader(rpc, receipt.blockNumber);
    if (!header?.hash || header.hash !== receipt.blockHash) return; // reorg in progress: next time
    await recordAnchorMined(db, {
      anchorId,
      transactionHash: hash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTimestamp: new Date(Number(header.timestamp) * 1000),
      gasUsed: receipt.gasUsed,
      reverted: receipt.status !== "success",
    });
    logger.info({ anchor: anchorId, tx: hash }, "found the mined transaction of a stuck anchor");
    return;
  }
  logger.error(
    { anchor: anchorId, nonce },
    "nonce used by a transaction we did not send; signing the batch anew",
  );
  await requeueAnchor(db, anchorId, `nonce ${nonce} was used by another transaction`);
}
