import { withAnchorHexColumns } from "@ctxlog/db";
import { findAnchorIdOf, readContext } from "@ctxlog/db/testing";
import type { Hex } from "viem";
import { type ChainHarness, createChainHarness, waitFor } from "./testing/harness";

describe("chain worker on anvil, PostgreSQL and Redis: reorgs", () => {
  let h: ChainHarness;
  let stopMining: (() => Promise<void>) | undefined;
  // The test is the miner: one block per 100 ms, each mined after the last returned, so stopping
  // it leaves no block in flight — the head the test reads before the reorg stays the head.
  function startMining(): () => Promise<void> {
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        await h.anvilRpc("evm_mine").catch(() => {});
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    return async () => {
      stopped = true;
      await loop;
    };
  }
  beforeAll(async () => {
    h = await createChainHarness({
      manualMining: true,
      env: { CONFIRMATIONS: "4", REPLACE_AFTER_MS: "500", BATCH_WINDOW_MS: "50" },
    });
    stopMining = startMining();
    await h.startWorker();
  });
  afterAll(async () => {
    await stopMining?.();
    await h.close();
  });

  async function waitForAnchor(anchorId: string, ...statuses: string[]) {
    return waitFor(
      async () => {
        const anchor = await h.db.anchor.findUniqueOrThrow({ where: { id: anchorId } });
        return statuses.includes(anchor.status) && withAnchorHexColumns(anchor);
      },
      { interval: 20, what: `anchor ${anchorId} ${statuses.join(" or ")}` },
    );
  }

  it("a reorg before the required depth: the context is confirmed once, on the canonical chain", async () => {
    const [id] = await h.submit(1);
    const anchorId = await waitFor(async () => findAnchorIdOf(h.db, id as string), {
      interval: 20,
      what: "the context to be batched",
    });
    // No block is mined from here until the reorg, so the anchor cannot reach 4 confirmations
    // however slowly this machine runs: the worker sends, the test mines the one block that
    // holds it (unless the miner already did), then replaces it.
    await stopMining?.();
    const seen = await waitForAnchor(anchorId, "sent", "mined");
    if (seen.status === "sent") {
      // "sent" is written just before the broadcast: mine only once the node has the transaction
      await waitFor(
        async () => (await h.db.anchorTransaction.count({ where: { anchorId, status: "broadcast" } })) > 0,
        { interval: 20, what: "the anchor's transaction broadcast" },
      );
      await h.anvilRpc("evm_mine");
    }
    const mined = await waitForAnchor(anchorId, "mined");
    const head = await h.rpc.getBlockNumber();
    const depth = Number(head - (mined.blockNumber as bigint)) + 1;
    expect(depth).toBeLessThan(4);

    // drop the anchor's block and everything after it, replaced by as many empty blocks
    await h.anvilRpc("anvil_reorg", [depth, []]);
    const replaced = await h.rpc.getBlock({ blockNumber: mined.blockNumber as bigint });
    expect(replaced.hash).not.toBe(mined.blockHash);
    expect(replaced.transactions).not.toContain(mined.transactionHash);

    await waitForAnchor(anchorId, "sent"); // the tracker saw its block leave the chain
    expect((await readContext(h.db, id as string)).status).toBe("pending");
    stopMining = startMining();

    await h.waitForStatus([id as string], "confirmed", 20_000);
    const ctx = await readContext(h.db, id as string);
    const receipt = await h.rpc.getTransactionReceipt({ hash: ctx.transactionHash as Hex });
    expect(receipt.blockNumber).toBe(ctx.blockNumber);
    const block = await h.rpc.getBlock({ blockNumber: receipt.blockNumber });
    expect(block.hash).toBe(receipt.blockHash);
    await h.expectAnchoredExactlyOnce([id as string]);
  });
});
