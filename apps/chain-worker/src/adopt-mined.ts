import { describeRpcError, getBlockHeader, getReceiptOrNull, type RpcClient } from "@ctxlog/chain";
import { listLiveTransactions, type PrismaClient, recordAnchorMined, requeueAnchor } from "@ctxlog/db";
import type { Logger } from "pino";
import type { Hex, TransactionReceipt } from "viem";
import type { ChainMetrics } from "./metrics";

/** What became of a stuck anchor whose nonce is spent. */
export type AdoptOutcome =
  /** one of its transactions is mined: its receipt is recorded */
  | "adopted"
  /** the node definitively has no receipt for any of them: the batch goes back to be signed anew */
  | "requeued"
  /** a lookup failed, or the receipt's block is being reorged: nothing changed, asked again later */
  | "retry";

/**
 * A stuck anchor's nonce is already spent on chain: records the receipt of whichever of its
 * transactions used it (one the tracker never read, e.g. mined while no process had recorded its
 * broadcast). Only when the node answers "no receipt" for every one of them was the signer key
 * used elsewhere, and the batch is signed anew. A lookup that fails proves nothing (a flaky node
 * may fail for a mined transaction): re-signing then could anchor the batch twice, so it waits.
 */
export async function adoptMinedTransaction(
  deps: { db: PrismaClient; rpc: RpcClient; logger: Logger; metrics: ChainMetrics },
  anchorId: string,
  nonce: number,
): Promise<AdoptOutcome> {
  const { db, rpc, logger, metrics } = deps;
  let failedLookups = 0;
  let lastError = "";
  for (const { hash } of await listLiveTransactions(db, anchorId)) {
    let receipt: TransactionReceipt | null;
    try {
      receipt = await getReceiptOrNull(rpc, hash as Hex);
    } catch (error) {
      failedLookups++;
      lastError = describeRpcError(error);
      metrics.receiptLookupErrors.inc();
      continue; // a sibling's receipt may still be readable
    }
    if (!receipt) continue;
    const header = await getBlockHeader(rpc, receipt.blockNumber);
    if (!header?.hash || header.hash !== receipt.blockHash) return "retry"; // reorg in progress
    await recordAnchorMined(db, {
      anchorId,
      transactionHash: hash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTimestamp: new Date(Number(header.timestamp) * 1000),
      gasUsed: receipt.gasUsed,
      // viem gives null when the node leaves it out (pre-London receipts): the fee is then unknown
      effectiveGasPrice: receipt.effectiveGasPrice ?? null,
      reverted: receipt.status !== "success",
    });
    logger.info({ anchor: anchorId, tx: hash }, "found the mined transaction of a stuck anchor");
    return "adopted";
  }
  if (failedLookups > 0) {
    logger.warn(
      { anchor: anchorId, nonce, failedLookups, err: lastError },
      "cannot read the receipts of a stuck anchor whose nonce is spent; asking again later",
    );
    return "retry";
  }
  logger.error(
    { anchor: anchorId, nonce },
    "nonce used by a transaction we did not send; signing the batch anew",
  );
  await requeueAnchor(db, anchorId, `nonce ${nonce} was used by another transaction`);
  return "requeued";
}
