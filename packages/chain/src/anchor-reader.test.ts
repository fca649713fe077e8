// Real anvil (automine), real registry: what the verification reader sees of anchor transactions.
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { type Address, type Hex, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ChainReadError, createAnchorReader } from "./anchor-reader";
import { signAnchorTransaction } from "./anchor-transaction";
import { createRpcClient, currentFees, pendingNonce } from "./rpc-client";

const account = privateKeyToAccount(ANVIL_DEV_KEYS[1]);
const root = (n: number) => keccak256(toHex(`reader-root-${n}`));

describe("createAnchorReader on a real anvil", () => {
  let anvil: AnvilInstance;
  let registry: Address;
  let client: ReturnType<typeof createRpcClient>;

  async function anchor(merkleRoot: Hex, count: number) {
    const tx = await signAnchorTransaction(account, {
      chainId: anvil.chainId,
      registryAddress: registry,
      merkleRoot,
      count: count,
      nonce: await pendingNonce(client, account.address),
      gasLimit: 60_000,
      fees: await currentFees(client),
    });
    await client.sendRawTransaction({ serializedTransaction: tx.raw });
    return client.waitForTransactionReceipt({ hash: tx.hash, pollingInterval: 20 });
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    ({ address: registry } = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] }));
    client = createRpcClient(anvil.rpcUrl);
  });
  afterAll(() => anvil.stop());

  it("reads the receipt, its Anchored log, the canonical block hash and the head", async () => {
    const receipt = await anchor(root(1), 7);
    await client.request({ method: "anvil_mine" as never, params: ["0x2"] as never });
    const reader = createAnchorReader(client, { expectedChainId: anvil.chainId });
    const seen = await reader.read({
      transactionHash: receipt.transactionHash,
      registries: [registry],
      recordedBlockNumber: receipt.blockNumber,
    });
    expect(seen).toEqual({
      chainId: anvil.chainId,
      head: receipt.blockNumber + 2n,
      receipt: {
        status: "success",
        to: registry.toLowerCase(),
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        anchored: [{ registry: registry.toLowerCase(), root: root(1), count: 7, submitter: account.address }],
      },
      receiptBlockHash: receipt.blockHash,
      recordedBlockHash: receipt.blockHash,
    });
    // another contract's logs are not decoded as anchors
    const elsewhere = await reader.read({
      transactionHash: receipt.transactionHash,
      registries: [account.address],
    });
    expect(elsewhere.receipt?.anchored).toEqual([]);
    expect(elsewhere.receiptBlockHash).toBe(receipt.blockHash);
  });

  it("an unknown transaction has no receipt; no transaction at all still reads the head", async () => {
    const reader = createAnchorReader(client);
    const unknown = await reader.read({ transactionHash: `0x${"12".repeat(32)}`, registries: [registry] });
    expect(unknown.receipt).toBeNull();
    expect(unknown.receiptBlockHash).toBeNull();
    const none = await reader.read({ transactionHash: null, registries: [registry] });
    expect(none.head).toBe(await client.getBlockNumber());
  });

  it("after a reorg the receipt is gone and the recorded block has another hash", async () => {
    const receipt = await anchor(root(2), 1);
    await client.request({ method: "anvil_reorg" as never, params: [1, []] as never });
    const seen = await createAnchorReader(client).read({
      transactionHash: receipt.transactionHash,
      registries: [registry],
      recordedBlockNumber: receipt.blockNumber,
    });
    expect(seen.receipt).toBeNull();
    expect(seen.recordedBlockHash).not.toBeNull();
    expect(seen.recordedBlockHash).not.toBe(receipt.blockHash);
  });

  it("a node on another chain than CHAIN_ID is refused as chain_mismatch", async () => {
    const error = await createAnchorReader(client, { expectedChainId: 1 })
      .read({ transactionHash: null, registries: [registry] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainReadError);
    expect((error as ChainReadError).kind).toBe("chain_mismatch");
  });

  it("a node that does not answer is unreachable", async () => {
    const reader = createAnchorReader(createRpcClient("http://127.0.0.1:9", { timeoutMs: 500 }));
    const error = await reader
      .read({ transactionHash: null, registries: [registry] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainReadError);
    expect((error as ChainReadError).kind).toBe("unreachable");
  });
});
