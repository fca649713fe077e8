// Test-only: a real anvil (automine: one block per transaction, and `mine(n)` for depth) with the
// real registry deployed, and confirmed anchors made the way the chain worker makes them: the
// anchor (the transparency log's tree head, or a batch tree for unlogged contexts) by the db package's
// own createAnchorBatch, a real `anchor(root, count)`
// transaction, then the db transitions (mined, confirmed) written from its real receipt.
// (An app never imports another app, so this does not use apps/chain-worker.)
import {
  createRpcClient,
  currentFees,
  pendingNonce,
  type RpcClient,
  signAnchorTransaction,
} from "@ctxlog/chain";
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { bytesOfHex, confirmAnchor, createAnchorBatch, type Db, recordAnchorMined } from "@ctxlog/db";
import { claimBatchTree, sequenceTestLog } from "@ctxlog/db/testing";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { TEST_SIGNER_KEY } from "./harness";

/**
 * Sends the anchor transactions (the chain worker's role) with the service's anchor key
 * (SIGNER_PRIVATE_KEY, apart from the API's attestation key): the anchors it records publish it as
 * a signer of kind "anchor", so the Anchored log's submitter is published. It also deploys the
 * registry.
 */
export const SUBMITTER_KEY = TEST_SIGNER_KEY as Hex;
/** Not a published signer: anchors from it must fail anchor_submitter. */
export const STRANGER_KEY = ANVIL_DEV_KEYS[2];

export interface AnchoredBatch {
  anchorId: string;
  merkleRoot: string;
  /** the transparency log's tree size anchored (null: the batch's own tree) */
  treeSize: number | null;
  transactionHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
}

export async function startChainFixture(opts: { confirmations?: number } = {}) {
  const confirmations = opts.confirmations ?? 3;
  const anvil: AnvilInstance = await startAnvil();
  let registry: Address;
  try {
    ({ address: registry } = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] }));
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  const client: RpcClient = createRpcClient(anvil.rpcUrl);
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;

  const mine = async (blocks: number) => {
    if (blocks > 0) await rpc("anvil_mine", [`0x${blocks.toString(16)}`]);
  };

  /** Sends `anchor(root, count)` (from the service's key unless told) and waits for its receipt. */
  async function sendAnchor(merkleRoot: Hex, count: number, fromKey: Hex = SUBMITTER_KEY) {
    const submitter = privateKeyToAccount(fromKey);
    const nonce = await pendingNonce(client, submitter.address);
    const fees = await currentFees(client);
    const tx = await signAnchorTransaction(submitter, {
      chainId: anvil.chainId,
      registryAddress: registry,
      merkleRoot,
      count,
      nonce,
      gasLimit: 60_000,
      fees,
    });
    await client.sendRawTransaction({ serializedTransaction: tx.raw });
    const receipt = await client.waitForTransactionReceipt({ hash: tx.hash, pollingInterval: 20 });
    return { tx, nonce, fees, receipt };
  }

  /**
   * Batches the given pending contexts, anchors the batch on chain and records it as mined; with
   * `confirm` (default) mines to the required depth and confirms it, exactly as the tracker does.
   * `fromKey` sends the transaction from another account (default: the service's signer).
   * The anchor is the one the chain worker makes (the log's tree head for contexts the log holds);
   * `batchTree` makes a batch's own sorted-pair tree instead, as every anchor was before, for tests
   * of what such anchors still give (bundle version 3).
   */
  async function anchorContexts(
    db: Db,
    ids: string[],
    { confirm = true, fromKey = SUBMITTER_KEY as Hex, batchTree = false } = {},
  ): Promise<AnchoredBatch> {
    // recorded as the chain worker records it, from the service's anchor key, whoever sends it
    const submitter = privateKeyToAccount(SUBMITTER_KEY);
    const target = {
      signerAddress: submitter.address,
      chainId: anvil.chainId,
      network: "anvil",
      registryAddress: registry,
    };
    // as the chain worker anchors: its sequencer appends the contexts to the log first, then
    // createAnchorBatch claims the log's tree head (contexts logged before chained logs, never in
    // the log, get their batch's own tree)
    await sequenceTestLog(db);
    const batch = batchTree
      ? { ...(await claimBatchTree(db, target, ids)), contextIds: ids, treeSize: null }
      : await createAnchorBatch(db, target, ids);
    if (!batch || batch.contextIds.length !== ids.length)
      throw new Error("fixture: contexts not all batchable");
    const count = batch.treeSize ?? ids.length;
    const { tx, nonce, fees, receipt } = await sendAnchor(batch.merkleRoot as Hex, count, fromKey);
    if (receipt.status !== "success") throw new Error("fixture: anchor transaction reverted");
    await db.anchorTransaction.create({
      data: {
        hash: bytesOfHex(tx.hash),
        anchorId: batch.anchorId,
        signerAddress: submitter.address,
        nonce,
        rawTransaction: tx.raw,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        gasLimit: 60_000,
        status: "broadcast",
      },
    });
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    await recordAnchorMined(db, {
      anchorId: batch.anchorId,
      transactionHash: tx.hash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTimestamp: new Date(Number(block.timestamp) * 1000),
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice ?? null,
      reverted: false,
    });
    if (confirm) {
      await mine(confirmations - 1); // the transaction's own block is the first confirmation
      const { confirmed } = await confirmAnchor(db, batch.anchorId, receipt.blockHash, confirmations);
      if (confirmed !== ids.length) throw new Error(`fixture: confirmed ${confirmed} of ${ids.length}`);
    }
    return {
      anchorId: batch.anchorId,
      merkleRoot: batch.merkleRoot,
      treeSize: batch.treeSize,
      transactionHash: tx.hash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
    };
  }

  return {
    anvil,
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    registry,
    client,
    confirmations,
    /** the API's chain settings, for createTestHarness */
    env: {
      RPC_URL: anvil.rpcUrl,
      REGISTRY_ADDRESS: registry,
      CHAIN_ID: String(anvil.chainId),
      CONFIRMATIONS: String(confirmations),
      RPC_TIMEOUT_MS: "2000",
    },
    rpc,
    mine,
    sendAnchor,
    anchorContexts,
    stop: () => anvil.stop(),
  };
}

export type ChainFixture = Awaited<ReturnType<typeof startChainFixture>>;
