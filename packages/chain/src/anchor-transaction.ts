import { registryAbi } from "@ctxlog/contracts";
import {
  type Address,
  decodeEventLog,
  encodeFunctionData,
  type Hex,
  keccak256,
  type Log,
  type PrivateKeyAccount,
} from "viem";
import type { Fees } from "./fees";

export interface AnchorTransactionInput {
  chainId: number;
  registryAddress: Address;
  merkleRoot: Hex;
  /** the Anchored count: the log's tree size for a tree head, the batch's size for a batch root */
  count: number;
  nonce: number;
  gasLimit: number;
  fees: Fees;
}

export interface SignedTransaction {
  /** the exact bytes to broadcast; stored before the first broadcast and re-sent as they are */
  raw: Hex;
  /** keccak256 of `raw`: the transaction hash the chain will report */
  hash: Hex;
}

/** `registry.anchor(root, count)` calldata. */
export function anchorCalldata(merkleRoot: Hex, count: number): Hex {
  return encodeFunctionData({ abi: registryAbi, functionName: "anchor", args: [merkleRoot, count] });
}

/**
 * Signs (never sends) an EIP-1559 `anchor(root, count)` transaction. Signing locally is what lets
 * the raw bytes and their hash be written to PostgreSQL before the node ever sees them.
 */
export async function signAnchorTransaction(
  account: PrivateKeyAccount,
  input: AnchorTransactionInput,
): Promise<SignedTransaction> {
  const raw = await account.signTransaction({
    type: "eip1559",
    chainId: input.chainId,
    nonce: input.nonce,
    to: input.registryAddress,
    data: anchorCalldata(input.merkleRoot, input.count),
    value: 0n,
    gas: BigInt(input.gasLimit),
    maxFeePerGas: input.fees.maxFeePerGas,
    maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw) };
}

export interface AnchoredLog {
  root: Hex;
  count: number;
  submitter: Address;
}

/** The registry's `Anchored` events among a receipt's logs (only those emitted by `registryAddress`). */
export function findAnchoredLogs(
  logs: readonly Pick<Log, "address" | "data" | "topics">[],
  registryAddress: Address,
): AnchoredLog[] {
  const found: AnchoredLog[] = [];
  for (const log of logs) {
    if (log.address.toLowerCase() !== registryAddress.toLowerCase()) continue;
    try {
      const decoded = decodeEventLog({
        abi: registryAbi,
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      });
      if (decoded.eventName !== "Anchored") continue;
      const args = decoded.args as { root: Hex; count: number; submitter: Address };
      found.push({ root: args.root, count: Number(args.count), submitter: args.submitter });
    } catch {
      // another event of the same contract, or a malformed log: not an anchor
    }
  }
  return found;
}
