// What the audit asks the chain, each thing once: most entries share a few anchor transactions.
import { createPublicClient, type Hex, http, parseEventLogs, TransactionReceiptNotFoundError } from "viem";
import { RpcUnreachableError } from "../errors";
import { anchoredEventAbi } from "../registry-abi";

export interface AnchorOnChain {
  blockNumber: bigint;
  blockHash: string;
  status: "success" | "reverted";
  /** root (lowercase) → { submitter, registry, count } of every Anchored log in the receipt */
  anchored: Map<string, AnchoredLog>;
}

/** One Anchored log: `count` is the batch's leaves, or the tree size of an anchored tree head. */
export interface AnchoredLog {
  submitter: string;
  registry: string;
  count: number;
}

/** Reads receipts and block hashes through one RPC endpoint, memoized (bounded caches). */
export class ChainReader {
  private readonly client;
  private readonly receipts = new Map<string, Promise<AnchorOnChain | null>>();
  private readonly blocks = new Map<bigint, Promise<string | null>>();
  private head: Promise<bigint> | undefined;

  constructor(
    private readonly rpcUrl: string,
    timeoutMs = 10_000,
  ) {
    this.client = createPublicClient({
      transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 2, retryDelay: 200 }),
    });
  }

  /** The chain's head, read once per audit: every entry's depth is measured against the same block. */
  headBlock(): Promise<bigint> {
    this.head ??= this.call(() => this.client.getBlockNumber());
    return this.head;
  }

  anchor(txHash: string): Promise<AnchorOnChain | null> {
    const key = txHash.toLowerCase();
    let found = this.receipts.get(key);
    if (!found) {
      if (this.receipts.size > 10_000) this.receipts.clear();
      found = this.call(async () => {
        try {
          const receipt = await this.client.getTransactionReceipt({ hash: txHash as Hex });
          const anchored = new Map<string, AnchoredLog>();
          for (const log of parseEventLogs({ abi: anchoredEventAbi, logs: receipt.logs, strict: false })) {
            const args = log.args as { root?: string; submitter?: string; count?: number };
            if (args.root && args.submitter) {
              anchored.set(args.root.toLowerCase(), {
                submitter: args.submitter,
                registry: log.address,
                count: Number(args.count ?? -1),
              });
            }
          }
          return {
            blockNumber: receipt.blockNumber,
            blockHash: receipt.blockHash,
            status: receipt.status,
            anchored,
          };
        } catch (error) {
          if (error instanceof TransactionReceiptNotFoundError) return null;
          throw error;
        }
      });
      this.receipts.set(key, found);
    }
    return found;
  }

  /** The canonical block hash at `n`, or null past the head. */
  blockHash(n: bigint): Promise<string | null> {
    let found = this.blocks.get(n);
    if (!found) {
      if (this.blocks.size > 10_000) this.blocks.clear();
      found = this.call(
        async () => (await this.client.getBlock({ blockNumber: n }).catch(() => null))?.hash ?? null,
      );
      this.blocks.set(n, found);
    }
    return found;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const message = (error as Error).message.split("\n")[0] ?? "RPC failed";
      throw new RpcUnreachableError(`cannot read the chain at ${this.rpcUrl}: ${message}`, this.rpcUrl, {
        cause: error,
      });
    }
  }
}
