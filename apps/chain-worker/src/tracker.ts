import { getBlockHeader, getBlockReceipts, type RpcClient } from "@ctxlog/chain";
import { BlockTimeEstimator } from "@ctxlog/core";
import {
  confirmAnchor,
  findAnchorTransactions,
  listMinedAnchors,
  lowestOpenBroadcastBlock,
  type PrismaClient,
  recordAnchorMined,
  saveChainStatus,
  unmineAnchor,
} from "@ctxlog/db";
import type { Logger } from "pino";
import type { Address } from "viem";
import { failBatch } from "./failures";
import type { ChainMetrics } from "./metrics";

export interface TrackerConfig {
  chainId: number;
  network: string;
  registryAddress: Address;
  confirmations: number;
  /** blocks read per tick at most, so a long catch-up does not starve the confirmation check */
  maxBlocksPerTick: number;
}

/**
 * Follows the chain for every replica (no lease needed: each step is an idempotent, guarded
 * update). Reads each new block's receipts once, matches them to stored transaction hashes,
 * confirms anchors at the required depth on the canonical chain, and sends an anchor back to
 * waiting when a reorg removes its block.
 */
export class ChainTracker {
  /** last block whose receipts were read; undefined until the first tick decides where to start */
  private cursor: bigint | undefined;
  private readonly blockTime = new BlockTimeEstimator();
  private lastStatusSave = 0;

  constructor(
    private readonly db: PrismaClient,
    private readonly rpc: RpcClient,
    private readonly config: TrackerConfig,
    private readonly logger: Logger,
    private readonly metrics: ChainMetrics,
  ) {}

  async tick(): Promise<void> {
    const head = await this.rpc.getBlockNumber();
    this.metrics.head.set(Number(head));
    this.blockTime.observe(head, Date.now());
    if (this.cursor === undefined) {
      const low = await lowestOpenBroadcastBlock(this.db, this.config.chainId);
      this.cursor = low !== null && low < head ? low : head;
    }
    if (this.cursor > head) this.cursor = head; // the chain got shorter (reorg, or a reset node)
    const until =
      head < this.cursor + BigInt(this.config.maxBlocksPerTick)
        ? head
        : this.cursor + BigInt(this.config.maxBlocksPerTick);
    for (let n = this.cursor + 1n; n <= until; n++) {
      await this.scan(n);
      this.cursor = n;
    }
    await this.checkMined(head);
    await this.saveStatus(head);
    this.logger.trace({ head: String(head), cursor: String(this.cursor) }, "tracked");
  }

  private async scan(blockNumber: bigint): Promise<void> {
    const registry = this.config.registryAddress.toLowerCase();
    const receipts = (await getBlockReceipts(this.rpc, blockNumber)).filter(
      (r) => r.to?.toLowerCase() === registry,
    );
    if (receipts.length === 0) return;
    const ours = await findAnchorTransactions(
      this.db,
      receipts.map((r) => r.transactionHash),
    );
    if (ours.length === 0) return;
    const header = await getBlockHeader(this.rpc, blockNumber);
    if (!header?.hash) return;
    const byHash = new Map(receipts.map((r) => [r.transactionHash, r]));
    for (const tx of ours) {
      const receipt = byHash.get(tx.hash as `0x${string}`);
      if (!receipt || receipt.blockHash !== header.hash) continue;
      await recordAnchorMined(this.db, {
        anchorId: tx.anchorId,
        transactionHash: tx.hash,
        blockNumber,
        blockHash: receipt.blockHash,
        blockTimestamp: new Date(Number(header.timestamp) * 1000),
        gasUsed: receipt.gasUsed,
        // viem gives null when the node leaves it out (pre-London receipts): the fee is then unknown
        effectiveGasPrice: receipt.effectiveGasPrice ?? null,
        reverted: receipt.status !== "success",
      });
    }
  }

  /** Depth and canonicity of every mined anchor, one header read per block. */
  private async checkMined(head: bigint): Promise<void> {
    const mined = await listMinedAnchors(this.db, this.config.chainId, this.config.registryAddress);
    const byBlock = new Map<bigint, typeof mined>();
    for (const a of mined) {
      if (a.blockNumber === null) continue;
      byBlock.set(a.blockNumber, [...(byBlock.get(a.blockNumber) ?? []), a]);
    }
    for (const [blockNumber, anchors] of byBlock) {
      const header = await getBlockHeader(this.rpc, blockNumber);
      const depth = Number(head - blockNumber + 1n);
      for (const anchor of anchors) {
        const blockHash = anchor.blockHash as string;
        if (!header || header.hash !== blockHash) {
          if (await unmineAnchor(this.db, anchor.id, blockHash)) {
            this.metrics.reorgs.inc();
            this.logger.warn(
              { anchor: anchor.id, block: String(blockNumber) },
              "reorg: anchor's block left the chain",
            );
          }
          // read again from just before it: the transaction may be in a new block of that height
          if (this.cursor !== undefined && this.cursor >= blockNumber) this.cursor = blockNumber - 1n;
          continue;
        }
        if (depth < this.config.confirmations) continue;
        if (anchor.reverted) {
          await failBatch(
            { db: this.db, metrics: this.metrics, logger: this.logger },
            anchor.id,
            "reverted",
            `transaction reverted in block ${blockNumber}`,
          );
          continue;
        }
        const { confirmed } = await confirmAnchor(this.db, anchor.id, blockHash, depth);
        this.metrics.confirmed.inc(confirmed);
        if (confirmed > 0)
          this.logger.info(
            { anchor: anchor.id, contexts: confirmed, block: String(blockNumber) },
            "anchor confirmed",
          );
      }
    }
  }

  private async saveStatus(head: bigint): Promise<void> {
    const blockTimeMs = this.blockTime.estimateMs();
    if (blockTimeMs === undefined || Date.now() - this.lastStatusSave < 5_000) return;
    this.lastStatusSave = Date.now();
    await saveChainStatus(this.db, {
      network: this.config.network,
      chainId: this.config.chainId,
      registryAddress: this.config.registryAddress,
      headBlock: head,
      blockTimeMs: Math.max(1, Math.round(blockTimeMs)),
    });
  }
}
