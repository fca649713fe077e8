import type { Hex } from "viem";
import { type ChainHarness, createChainHarness, waitFor } from "./testing/harness";

describe("chain worker on anvil, PostgreSQL and Redis: reorgs", () => {
  let h: ChainHarness;
  let mining = true;
  let pump: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    // the test is the miner: one block per 100 ms, paused around the reorg
    h = await createChainHarness({
      manualMining: true,
      env: { CONFIRMATIONS: "4", REPLACE_AFTER_MS: "500", BATCH_WINDOW_MS: "50" },
    });
    pump = setInterval(() => {
      if (mining) h.anvilRpc("evm_mine").catch(() => {});
    }, 100);
    await h.startWorker();
  });
  afterAll(async () => {
    clearInterval(pump);
    await h.close();
  });

  async function waitForAnchor(anchorId: string, status: string) {
    return waitFor(
      async () => {
        const anchor = await h.db.anchor.findUniqueOrThrow({ where: { id: anchorId } });
        return anchor.status === status && anchor;
      },
      { interval: 20, what: `anchor ${anchorId} ${status}` },
    );
  }

  it("a reorg before the required depth: the context is confirmed once, on the canonical chain", async () => {
    const [id] = await h.submit(1);
    const anchorId = await waitFor(
      async () => (await h.db.context.findUniqueOrThrow({ where: { id } })).anchorId,
      { interval: 20, what: "the context to be batched" },
    );
    const mined = await waitForAnchor(anchorId, "mined");
    mining = false;
    const head = await h.rpc.getBlockNumber();
    const depth = Number(head - (mined.blockNumber as bigint)) + 1;
    expect(depth).toBeLessThan(4);

    // drop the anchor's block and everything after it, replaced by as many empty blocks
    await h.anvilRpc("anvil_reorg", [depth, []]);
    const replaced = await h.rpc.getBlock({ blockNumber: mined.blockNumber as bigint });
    expect(replaced.hash).not.toBe(mined.blockHash);
    expect(replaced.transactions).not.toContain(mined.transactionHash);

    await waitForAnchor(anchorId, "sent"); // the tracker saw its block leave the chain
    expect((await h.db.context.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    mining = true;

    await h.waitForStatus([id as string], "confirmed", 20_000);
    const ctx = await h.db.context.findUniqueOrThrow({ where: { id } });
    const receipt = await h.rpc.getTransactionReceipt({ hash: ctx.transactionHash as Hex });
    expect(receipt.blockNumber).toBe(ctx.blockNumber);
    const block = await h.rpc.getBlock({ blockNumber: receipt.blockNumber });
    expect(block.hash).toBe(receipt.blockHash);
    await h.expectAnchoredExactlyOnce([id as string]);
  });
});
