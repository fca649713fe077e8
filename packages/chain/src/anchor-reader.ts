import type { Address, Hex, TransactionReceipt } from "viem";
import { findAnchoredLogs } from "./anchor-transaction";
import { getBlockHeader, getReceiptOrNull, type RpcClient } from "./rpc-client";
import { classifyRpcError, describeRpcError, type RpcFailure } from "./rpc-errors";

/** An `Anchored` log of a receipt, with the registry that emitted it. */
export interface ObservedAnchoredLog {
  registry: Address;
  root: Hex;
  count: number;
  submitter: Address;
}

/** What the chain says about one anchor transaction, at one moment. */
export interface AnchorObservation {
  chainId: number;
  head: bigint;
  /** null: no receipt (unknown, dropped, not mined yet, or its block was reorged away) */
  receipt: {
    status: "success" | "reverted";
    to: Address | null;
    blockNumber: bigint;
    blockHash: Hex;
    anchored: ObservedAnchoredLog[];
  } | null;
  /** hash of the canonical block at receipt.blockNumber (null without a receipt or such a block) */
  receiptBlockHash: Hex | null;
  /** hash of the canonical block at `recordedBlockNumber`, when one was asked for */
  recordedBlockHash: Hex | null;
}

export interface ReadAnchorRequest {
  /** null: nothing to look up (the head is still read, so an unreachable node is always noticed) */
  transactionHash: Hex | null;
  /** contracts whose Anchored logs are decoded */
  registries: readonly Address[];
  /** the block the transaction was recorded in, to tell a reorg from an unknown transaction */
  recordedBlockNumber?: bigint | null;
}

/** The node could not be asked (or answered for another chain): nothing can be concluded. */
export class ChainReadError extends Error {
  override readonly name = "ChainReadError";
  constructor(
    readonly kind: RpcFailure | "chain_mismatch",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface AnchorReader {
  read(request: ReadAnchorRequest): Promise<AnchorObservation>;
}

/**
 * Reads anchor transactions for verification. The first round trip carries the head, the receipt
 * and the recorded block's header together (the client batches calls made in the same tick); a
 * second one is needed only when the receipt is in another block than the one recorded. The chain
 * id is asked once per reader, and checked against `expectedChainId` when given.
 */
export function createAnchorReader(client: RpcClient, opts: { expectedChainId?: number } = {}): AnchorReader {
  let chainId: Promise<number> | undefined;
  const getChainId = () => {
    chainId ??= client.getChainId().catch((error: unknown) => {
      chainId = undefined;
      throw error;
    });
    return chainId;
  };

  return {
    async read(request) {
      try {
        const recordedNumber = request.recordedBlockNumber ?? null;
        const [id, head, receipt, recorded] = await Promise.all([
          getChainId(),
          client.getBlockNumber({ cacheTime: 0 }),
          request.transactionHash === null ? null : getReceiptOrNull(client, request.transactionHash),
          recordedNumber === null ? null : getBlockHeader(client, recordedNumber),
        ]);
        if (opts.expectedChainId !== undefined && id !== opts.expectedChainId) {
          throw new ChainReadError(
            "chain_mismatch",
            `the RPC node serves chain ${id}, not the configured CHAIN_ID ${opts.expectedChainId}`,
          );
        }
        let receiptBlockHash: Hex | null = null;
        if (receipt) {
          const header =
            receipt.blockNumber === recordedNumber
              ? recorded
              : await getBlockHeader(client, receipt.blockNumber);
          receiptBlockHash = header?.hash ?? null;
        }
        return {
          chainId: id,
          head,
          receipt: receipt && {
            status: receipt.status,
            to: receipt.to,
            blockNumber: receipt.blockNumber,
            blockHash: receipt.blockHash,
            anchored: decodeAnchored(receipt, request.registries),
          },
          receiptBlockHash,
          recordedBlockHash: recorded?.hash ?? null,
        };
      } catch (error) {
        if (error instanceof ChainReadError) throw error;
        throw new ChainReadError(classifyRpcError(error), describeRpcError(error), { cause: error });
      }
    },
  };
}

function decodeAnchored(receipt: TransactionReceipt, registries: readonly Address[]): ObservedAnchoredLog[] {
  const unique = [...new Set(registries.map((r) => r.toLowerCase() as Address))];
  return unique.flatMap((registry) =>
    findAnchoredLogs(receipt.logs, registry).map((log) => ({ registry, ...log })),
  );
}
