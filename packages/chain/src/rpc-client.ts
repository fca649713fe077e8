import {
  type Address,
  type Block,
  createPublicClient,
  formatTransactionReceipt,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  type RpcTransactionReceipt,
  type TransactionReceipt,
} from "viem";
import { type Fees, feesFor } from "./fees";

export type RpcClient = PublicClient;

export interface RpcClientOptions {
  /** per request; default 5 s */
  timeoutMs?: number;
}

/**
 * A JSON-RPC client without hidden retries (the workers own their retry policy and must see each
 * failure) and with request batching: calls made in the same tick travel in one HTTP request,
 * which is what lets a sender broadcast hundreds of transactions in one round-trip.
 */
export function createRpcClient(rpcUrl: string, opts: RpcClientOptions = {}): RpcClient {
  return createPublicClient({
    // viem caches eth_blockNumber for 4 s by default: a tracker must see every new head
    cacheTime: 0,
    transport: http(rpcUrl, { timeout: opts.timeoutMs ?? 5_000, retryCount: 0, batch: { batchSize: 500 } }),
  });
}

/** All receipts of one block in one call (`eth_getBlockReceipts`: geth, erigon, reth, anvil, nethermind). */
export async function getBlockReceipts(
  client: RpcClient,
  blockNumber: bigint,
): Promise<TransactionReceipt[]> {
  const raw = (await client.request({
    method: "eth_getBlockReceipts" as "eth_getTransactionReceipt",
    params: [numberToHex(blockNumber)] as unknown as [Hex],
  })) as unknown as RpcTransactionReceipt[] | null;
  return (raw ?? []).map((r) => formatTransactionReceipt(r));
}

/** The block's hash and time, or null when the chain is not that long (any more). */
export async function getBlockHeader(
  client: RpcClient,
  blockNumber: bigint,
): Promise<Pick<Block, "hash" | "timestamp" | "number" | "baseFeePerGas"> | null> {
  try {
    const block = await client.getBlock({ blockNumber });
    return {
      hash: block.hash,
      timestamp: block.timestamp,
      number: block.number,
      baseFeePerGas: block.baseFeePerGas,
    };
  } catch (error) {
    if ((error as { name?: string }).name === "BlockNotFoundError") return null;
    throw error;
  }
}

/** Fees for a new transaction from the latest block's base fee and the node's suggested tip. */
export async function currentFees(client: RpcClient): Promise<Fees> {
  const [block, tip] = await Promise.all([
    client.getBlock({ blockTag: "latest" }),
    client.estimateMaxPriorityFeePerGas(),
  ]);
  return feesFor(block.baseFeePerGas ?? 0n, tip);
}

/**
 * The transaction's receipt, or null only when the node answers that it has none (unknown,
 * pending, dropped). Any other failure (timeout, 5xx, a node-side error) throws: "could not ask"
 * must never be read as "not mined", or a mined batch would be signed and sent again.
 */
export async function getReceiptOrNull(client: RpcClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return null;
    throw error;
  }
}

/** Whether the node knows the transaction at all (pending or mined). */
export async function transactionKnown(client: RpcClient, hash: Hex): Promise<boolean> {
  const tx = await client.request({ method: "eth_getTransactionByHash", params: [hash] });
  return tx !== null;
}

/** The next nonce the chain expects from `address`, counting its pending transactions. */
export async function pendingNonce(client: RpcClient, address: Address): Promise<number> {
  return client.getTransactionCount({ address, blockTag: "pending" });
}
