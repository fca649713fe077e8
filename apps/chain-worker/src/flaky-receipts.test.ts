import { hexOf } from "@ctxlog/db";
import { findAnchorIdOf } from "@ctxlog/db/testing";
import { type FlakyRpcProxy, startFlakyRpcProxy } from "./testing/flaky-rpc-proxy";
import { type ChainHarness, createChainHarness, sleep } from "./testing/harness";

describe("chain worker on anvil behind a node whose receipt lookups fail", () => {
  let h: ChainHarness;
  let proxy: FlakyRpcProxy;
  beforeAll(async () => {
    h = await createChainHarness({
      env: { CONFIRMATIONS: "2", REPLACE_AFTER_MS: "300", BATCH_WINDOW_MS: "50" },
    });
    proxy = await startFlakyRpcProxy(h.anvil.rpcUrl);
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.close();
  });

  it("a mined anchor whose receipts cannot be read is neither re-queued nor re-sent; it is adopted once the node answers", async () => {
    proxy.fail(["eth_getTransactionReceipt", "eth_getBlockReceipts"]);
    const worker = await h.startWorker({ RPC_URL: proxy.url });
    const [id] = await h.submit(1);
    const contextId = id as string;

    // broadcast and mined (anvil's 0.2 s blocks), but the worker cannot see its receipt
    let anchorId: string | null = null;
    const deadline = Date.now() + 10_000;
    while (!anchorId || (await h.anchoredRoots()).length === 0) {
      if (Date.now() > deadline) throw new Error("the anchor was not mined");
      anchorId = await findAnchorIdOf(h.db, contextId as string);
      await sleep(50);
    }
    // long past REPLACE_AFTER_MS: the stuck-anchor check has seen the spent nonce many times
    const until = Date.now() + 3_000;
    while (Date.now() < until || (proxy.failed.get("eth_getTransactionReceipt") ?? 0) < 3) {
      const anchor = await h.db.anchor.findUniqueOrThrow({ where: { id: anchorId } });
      expect(anchor.status).toBe("sent");
      if (Date.now() > until + 10_000) throw new Error("the stuck anchor's receipt was never looked up");
      await sleep(100);
    }
    const txs = await h.db.anchorTransaction.findMany({ where: { anchorId } });
    expect(txs).toHaveLength(1);
    expect(txs[0]?.status).not.toBe("abandoned");
    expect(await h.anchoredRoots()).toHaveLength(1);
    const errors = (await worker.metrics.receiptLookupErrors.get()).values[0]?.value ?? 0;
    expect(errors).toBeGreaterThanOrEqual(3);

    proxy.fail([]);
    await h.waitForStatus([contextId], "confirmed", 15_000);
    await h.expectAnchoredExactlyOnce([contextId]);
    const root = hexOf((await h.db.anchor.findUniqueOrThrow({ where: { id: anchorId } })).merkleRoot);
    expect((await h.anchoredRoots()).filter((r) => r === root)).toHaveLength(1);
    expect(await h.db.anchorTransaction.count({ where: { anchorId } })).toBe(1);
  });
});
