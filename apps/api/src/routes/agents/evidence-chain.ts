import type { RpcClient } from "@ctxlog/chain";
import { AppError } from "@ctxlog/core";
import type { Logger } from "pino";
import { numberToHex } from "viem";
import { redactUrls } from "../../chain-reading/chain-access";

type RpcObject = Record<string, unknown>;

/** One anchor of anchors.json: the node's answers as they came (docs/evidence.md, anchors.json). */
export interface AnchorChainData {
  transaction_hash: string;
  block_number: number;
  transaction: RpcObject;
  block: RpcObject;
  receipts: RpcObject[];
  headers: RpcObject[];
}

/**
 * What an evidence pack reads from the chain, through the API's one client of RPC_URL (ChainAccess,
 * the node verifications ask), with no retries: a failed read fails the pack. Every answer is kept exactly as the node gave it
 * (quantities as 0x-hex), never re-encoded, so a verifier recomputes from the same fields.
 */
export class EvidenceChainReader {
  constructor(
    private readonly client: RpcClient,
    private readonly confirmations: number,
    private readonly logger: Logger,
  ) {}

  /** The node's chain id; a 503 when the node cannot be asked (before any byte of the pack is sent). */
  async chainId(): Promise<number> {
    try {
      return await this.client.getChainId();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /** The transaction, its block, the block's receipts and the headers up to the required depth. */
  async anchor(transactionHash: string, blockNumber: number): Promise<AnchorChainData> {
    try {
      const [transaction, block, receipts, ...headers] = await Promise.all([
        this.call("eth_getTransactionByHash", [transactionHash]),
        this.block(blockNumber),
        this.call("eth_getBlockReceipts", [numberToHex(blockNumber)]),
        ...Array.from({ length: this.confirmations - 1 }, (_, i) => this.block(blockNumber + 1 + i)),
      ]);
      if (!transaction || !block || !Array.isArray(receipts) || headers.some((h) => !h))
        throw new Error(`the node does not hold transaction ${transactionHash} at the required depth`);
      return {
        transaction_hash: transactionHash,
        block_number: blockNumber,
        transaction: transaction as RpcObject,
        block: block as RpcObject,
        receipts: receipts as RpcObject[],
        headers: headers as RpcObject[],
      };
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private block(n: number) {
    return this.call("eth_getBlockByNumber", [numberToHex(n), false]);
  }

  private call(method: string, params: unknown[]): Promise<unknown> {
    // raw JSON-RPC: viem's typed methods would format (re-encode) the answers
    return this.client.request({ method, params } as never);
  }

  /** The node's error is logged (its URLs blanked: RPC_URL may carry a key), never answered. */
  private unavailable(error: unknown): AppError {
    const detail = redactUrls(error instanceof Error ? error.message : String(error));
    this.logger.warn({ detail }, "evidence pack: cannot read the chain");
    return new AppError(
      "SERVICE_UNAVAILABLE",
      "Cannot write the evidence pack now: the chain's RPC node could not answer. Retry with backoff.",
    );
  }
}
