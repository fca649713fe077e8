import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { type Hex, keccak256, parseTransaction, recoverTransactionAddress, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { findAnchoredLogs, signAnchorTransaction } from "./anchor-transaction";
import { replacementFees } from "./fees";
import { createRpcClient, currentFees, getBlockReceipts, pendingNonce, transactionKnown } from "./rpc-client";
import { classifyRpcError } from "./rpc-errors";

const root = (n: number) => keccak256(toHex(`root-${n}`));

describe("anchor transactions on a real anvil (no automine)", () => {
  let anvil: AnvilInstance;
  let registryAddress: Hex;
  const account = privateKeyToAccount(ANVIL_DEV_KEYS[1]);

  beforeAll(async () => {
    anvil = await startAnvil();
    ({ address: registryAddress } = await deployRegistry({
      rpcUrl: anvil.rpcUrl,
      privateKey: ANVIL_DEV_KEYS[0],
    }));
    await createRpcClient(anvil.rpcUrl).request({
      method: "evm_setAutomine" as never,
      params: [false] as never,
    });
  });
  afterAll(() => anvil.stop());

  const base = () => ({ chainId: anvil.chainId, registryAddress, count: 3, gasLimit: 60_000 });

  it("signs locally: the hash is known before broadcast and the node reports the same one", async () => {
    const client = createRpcClient(anvil.rpcUrl);
    const fees = await currentFees(client);
    const nonce = await pendingNonce(client, account.address);
    const tx = await signAnchorTransaction(account, { ...base(), merkleRoot: root(1), nonce, fees });
    expect(await recoverTransactionAddress({ serializedTransaction: tx.raw as never })).toBe(account.address);
    expect(parseTransaction(tx.raw).nonce).toBe(nonce);

    expect(await client.sendRawTransaction({ serializedTransaction: tx.raw })).toBe(tx.hash);
    // the same bytes again: the node already has them
    const again = await client.sendRawTransaction({ serializedTransaction: tx.raw }).catch((e: unknown) => e);
    if (again !== tx.hash) expect(classifyRpcError(again)).toBe("already_known");

    // same nonce, same fee: refused as underpriced; bumped by 12.5 %: accepted, and it replaces the first
    const same = await signAnchorTransaction(account, { ...base(), merkleRoot: root(2), nonce, fees });
    const refused = await client
      .sendRawTransaction({ serializedTransaction: same.raw })
      .catch((e: unknown) => e);
    expect(classifyRpcError(refused)).toBe("replacement_underpriced");
    const bumped = await signAnchorTransaction(account, {
      ...base(),
      merkleRoot: root(2),
      nonce,
      fees: replacementFees(fees, fees),
    });
    await client.sendRawTransaction({ serializedTransaction: bumped.raw });

    await client.request({ method: "evm_mine" as never, params: [] as never });
    const head = await client.getBlockNumber();
    const receipts = await getBlockReceipts(client, head);
    const mine = receipts.find((r) => r.transactionHash === bumped.hash);
    expect(mine?.status).toBe("success");
    expect(receipts.some((r) => r.transactionHash === tx.hash)).toBe(false);
    expect(await transactionKnown(client, tx.hash)).toBe(false);
    expect(findAnchoredLogs(mine?.logs ?? [], registryAddress)).toEqual([
      { root: root(2), count: 3, submitter: account.address },
    ]);
    expect(findAnchoredLogs(mine?.logs ?? [], account.address)).toEqual([]);

    // the nonce is used now
    const late = await signAnchorTransaction(account, {
      ...base(),
      merkleRoot: root(3),
      nonce,
      fees: replacementFees(fees, fees),
    });
    const tooLow = await client
      .sendRawTransaction({ serializedTransaction: late.raw })
      .catch((e: unknown) => e);
    expect(classifyRpcError(tooLow)).toBe("nonce_too_low");
  });

  it("an unfunded signer is refused as insufficient_funds", async () => {
    const client = createRpcClient(anvil.rpcUrl);
    const poor = privateKeyToAccount(generatePrivateKey());
    const tx = await signAnchorTransaction(poor, {
      ...base(),
      merkleRoot: root(4),
      nonce: 0,
      fees: await currentFees(client),
    });
    const error = await client.sendRawTransaction({ serializedTransaction: tx.raw }).catch((e: unknown) => e);
    expect(classifyRpcError(error)).toBe("insufficient_funds");
  });

  it("a node that does not answer is unreachable", async () => {
    const client = createRpcClient("http://127.0.0.1:9", { timeoutMs: 500 });
    const error = await client.getBlockNumber().catch((e: unknown) => e);
    expect(classifyRpcError(error)).toBe("unreachable");
  });
});
