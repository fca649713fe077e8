// Issue 22, test 2: nonce gaps made on purpose. The chain loses blocks the database counted on
// (evm_revert to a snapshot), as after `npm start` against a chain that lost its state: the node's
// nonce for the anchor key goes back while the rows still say the nonces were used. Before the
// fix, the next batch got a nonce the chain would never reach and stayed pending forever.
import { hexOf } from "@ctxlog/db";
import { readContexts } from "@ctxlog/db/testing";
import type { Hex } from "viem";
import { type ChainHarness, type ChainWorker, createChainHarness, waitFor } from "./testing/harness";

describe("chain worker: the chain's nonce is below the worker's (a nonce gap)", () => {
  let h: ChainHarness;
  let worker: ChainWorker;
  const logs: string[] = [];
  const gapLines = () => logs.filter((l) => l.includes("anchor key nonce gap"));
  beforeAll(async () => {
    h = await createChainHarness();
    worker = await h.startWorker({}, undefined, { logs });
  });
  afterAll(() => h.close());

  it("nothing in flight: sends from the chain's nonce, logs the gap once with both numbers, confirms within 30 s", async () => {
    const snapshot = await h.anvilRpc("evm_snapshot");
    const first = await h.submit(2);
    await h.waitForStatus(first);
    const signer = worker.signerAddress;
    expect(await h.rpc.getTransactionCount({ address: signer })).toBe(1);

    // the block that held nonce 0 is gone; the database still has it mined and confirmed
    expect(await h.anvilRpc("evm_revert", [snapshot])).toBe(true);
    expect(await h.rpc.getTransactionCount({ address: signer })).toBe(0);

    const second = await h.submit(3);
    await h.waitForStatus(second, "confirmed", 30_000);
    const anchor = await h.db.anchor.findFirstOrThrow({
      where: { contextIds: { has: second[0] as string } },
    });
    expect(anchor.nonce).toBe(0);

    expect(gapLines()).toHaveLength(1);
    expect(JSON.parse(gapLines()[0] as string)).toMatchObject({ chainNonce: 0, workerNonce: 1 });
    const metric = await worker.metrics.registry.getSingleMetricAsString("chain_nonce_corrections_total");
    expect(metric).toMatch(/chain_nonce_corrections_total\{kind="gap"\} 1/);
  });

  it("a gap under in-flight transactions: the same anchors are re-signed from the chain's nonce and confirm", async () => {
    const signer = worker.signerAddress;
    const snapshot = await h.anvilRpc("evm_snapshot");
    const mined = await h.submit(1);
    await h.waitForStatus(mined);
    const chainNonce = await h.rpc.getTransactionCount({ address: signer });
    // no more blocks: two batches wait in the node's pool behind the mined one
    await h.anvilRpc("evm_setIntervalMining", [0]);
    const a = await h.submit(1);
    await broadcast(a);
    const b = await h.submit(1);
    await broadcast(b);
    // counted before the node loses anything: the worker may notice the gap at once, even before
    // the pending count below is read back
    const gapsBefore = gapLines().length;
    // the mined block goes, and the node forgets both pending transactions (a restarted node)
    expect(await h.anvilRpc("evm_revert", [snapshot])).toBe(true);
    for (const hash of await hashesOf([...a, ...b])) await h.anvilRpc("anvil_dropTransaction", [hash]);
    await h.anvilRpc("evm_setIntervalMining", [1]);
    expect(await h.rpc.getTransactionCount({ address: signer, blockTag: "pending" })).toBe(chainNonce - 1);

    await h.waitForStatus([...a, ...b], "confirmed", 30_000);
    const anchors = await h.db.anchor.findMany({
      where: { contextIds: { hasSome: [...a, ...b] } },
      orderBy: { nonce: "asc" },
    });
    // same anchors (their roots were not rebuilt), nonces from the chain's on
    expect(anchors.map((x) => x.nonce)).toEqual([chainNonce - 1, chainNonce]);
    expect(gapLines().slice(gapsBefore)).toHaveLength(1);
    expect(JSON.parse(gapLines().at(-1) as string)).toMatchObject({
      chainNonce: chainNonce - 1,
      workerNonce: chainNonce,
    });
    expect(logs.some((l) => l.includes("re-signed in-flight anchors"))).toBe(true);
    await h.expectAnchoredExactlyOnce([...a, ...b]);
  });

  async function broadcast(ids: string[]) {
    await waitFor(async () => (await readContexts(h.db, ids)).every((c) => c.transactionHash !== null), {
      timeout: 10_000,
      interval: 50,
      what: "the contexts' transaction broadcast",
    });
  }

  async function hashesOf(ids: string[]): Promise<Hex[]> {
    const txs = await h.db.anchorTransaction.findMany({
      where: { anchor: { contextIds: { hasSome: ids } } },
    });
    return txs.map((t) => hexOf(t.hash) as Hex);
  }
});
