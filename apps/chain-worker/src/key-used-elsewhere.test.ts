// Issue 22, test 4: the anchor key is used by someone else between two batches. The other party's
// transaction takes the nonce of our in-flight one (it outbids it in the pool and is mined), so our
// first batch's transaction can never be mined. Before the fix the worker noticed only after
// REPLACE_AFTER_MS (30 s by default); now it asks the chain a few blocks after the broadcast,
// adopts the chain's nonce, and signs the batch anew.
import { createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { type ChainHarness, createChainHarness, TEST_ANCHOR_KEY, waitFor } from "./testing/harness";

describe("chain worker: the anchor key used elsewhere", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    // blocks only when the test mines them, until the other party's transaction is in
    h = await createChainHarness({ manualMining: true });
  });
  afterAll(() => h.close());

  it("adopts the chain's nonce, logs it once, and leaves no transaction stuck (default REPLACE_AFTER_MS)", async () => {
    const logs: string[] = [];
    const worker = await h.startWorker({}, undefined, { logs });
    expect(h.env.REPLACE_AFTER_MS).toBe(30_000);
    const first = await h.submit(1);
    const ours = await waitFor(
      async () => {
        const tx = await h.db.anchorTransaction.findFirst({
          where: { anchor: { contextIds: { has: first[0] as string } }, status: "broadcast" },
        });
        return tx ?? undefined;
      },
      { timeout: 10_000, interval: 50, what: "the first batch's transaction broadcast" },
    );

    // someone else, with the same key, outbids it at the same nonce, and that is what gets mined
    const other = createWalletClient({
      account: privateKeyToAccount(TEST_ANCHOR_KEY),
      chain: foundry,
      transport: http(h.anvil.rpcUrl),
    });
    const theirs = await other.sendTransaction({
      to: worker.signerAddress,
      value: 1n,
      nonce: ours.nonce,
      gas: 21_000n,
      maxFeePerGas: BigInt(ours.maxFeePerGas.toString()) * 3n,
      maxPriorityFeePerGas: BigInt(ours.maxPriorityFeePerGas.toString()) * 3n,
    });
    await h.anvilRpc("evm_mine");
    expect((await h.rpc.getTransactionReceipt({ hash: theirs as Hex })).status).toBe("success");

    // the next batch, and a block every second from now on
    await h.anvilRpc("evm_setIntervalMining", [1]);
    const second = await h.submit(1);
    await h.waitForStatus([...first, ...second], "confirmed", 15_000);

    const adopted = logs.filter((l) => l.includes("anchor key used elsewhere"));
    expect(adopted).toHaveLength(1);
    expect(JSON.parse(adopted[0] as string)).toMatchObject({ workerNonce: ours.nonce });
    const metric = await worker.metrics.registry.getSingleMetricAsString("chain_nonce_corrections_total");
    expect(metric).toMatch(/chain_nonce_corrections_total\{kind="adopted"\} 1/);
    // nothing stuck: no anchor waits in "sent", and the chain's nonce is past every one we used
    expect(await h.db.anchor.count({ where: { status: "sent" } })).toBe(0);
    await h.expectAnchoredExactlyOnce([...first, ...second]);
  });
});
