import { hexOf } from "@ctxlog/db";
import { findAnchorIdOf, readContext } from "@ctxlog/db/testing";
import type { Hex } from "viem";
import { type ChainHarness, createChainHarness, waitFor } from "./testing/harness";

describe("chain worker on anvil, PostgreSQL and Redis: stuck and dropped transactions", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    // nothing is mined unless the test says so, so transactions stay pending as long as needed
    h = await createChainHarness({
      manualMining: true,
      env: { CONFIRMATIONS: "2", REPLACE_AFTER_MS: "400", BATCH_WINDOW_MS: "50" },
    });
    await h.startWorker();
  });
  afterAll(() => h.close());

  async function transactionsOf(contextId: string, atLeast: number) {
    return waitFor(
      async () => {
        const anchorId = await findAnchorIdOf(h.db, contextId);
        const txs = anchorId
          ? await h.db.anchorTransaction.findMany({
              where: { anchorId },
              orderBy: { createdAt: "asc" },
            })
          : [];
        return (
          txs.length >= atLeast &&
          txs.every((t) => t.status !== "signed") &&
          txs.map((t) => ({ ...t, hash: hexOf(t.hash) }))
        );
      },
      { interval: 50, what: `${atLeast} broadcast transactions` },
    );
  }

  async function mineUntilConfirmed(ids: string[]) {
    await waitFor(
      async () => {
        if ((await h.statusCounts(ids)).confirmed === ids.length) return true;
        await h.anvilRpc("evm_mine");
      },
      {
        timeout: 15_000,
        interval: 100,
        what: async () => `confirmed: ${JSON.stringify(await h.statusCounts(ids))}`,
      },
    );
  }

  it("a transaction pending too long is replaced with the same nonce and fees ≥ 12.5 % higher; one of them is mined", async () => {
    const [id] = await h.submit(1);
    const [first, second] = await transactionsOf(id as string, 2);
    expect(second?.nonce).toBe(first?.nonce);
    expect(second?.hash).not.toBe(first?.hash);
    expect(Number(second?.maxFeePerGas) * 1000).toBeGreaterThanOrEqual(Number(first?.maxFeePerGas) * 1125);
    expect(Number(second?.maxPriorityFeePerGas) * 1000).toBeGreaterThanOrEqual(
      Number(first?.maxPriorityFeePerGas) * 1125,
    );

    await mineUntilConfirmed([id as string]);
    const ctx = await readContext(h.db, id as string);
    const txs = await h.db.anchorTransaction.findMany({ where: { anchorId: ctx.anchorId as string } });
    const mined = txs.filter((t) => t.status === "mined");
    expect(mined).toHaveLength(1);
    expect(ctx.transactionHash).toBe(hexOf(mined[0]?.hash ?? new Uint8Array()));
    expect((await h.rpc.getTransactionReceipt({ hash: ctx.transactionHash as Hex })).status).toBe("success");
    await h.expectAnchoredExactlyOnce([id as string]);
  });

  it("a transaction the node dropped is broadcast again, byte for byte (same hash)", async () => {
    const [id] = await h.submit(1);
    const [tx] = await transactionsOf(id as string, 1);
    await h.anvilRpc("anvil_dropTransaction", [tx?.hash]);
    expect(await h.rpc.getTransaction({ hash: tx?.hash as Hex }).catch(() => null)).toBeNull();
    // back in the node's pool, under the same hash, before any replacement is signed
    await waitFor(() => h.rpc.getTransaction({ hash: tx?.hash as Hex }).catch(() => null), {
      timeout: 5_000,
      interval: 50,
      what: "the dropped transaction to be re-broadcast",
    });
    await mineUntilConfirmed([id as string]);
    const ctx = await readContext(h.db, id as string);
    expect(ctx.transactionHash).toBe(tx?.hash);
    await h.expectAnchoredExactlyOnce([id as string]);
  });
});
