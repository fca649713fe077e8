import { currentFees, signAnchorTransaction } from "@ctxlog/chain";
import { acquireSignerLease, createAnchorBatch, storeSignedTransactions } from "@ctxlog/db";
import { readContext, sequenceTestLog } from "@ctxlog/db/testing";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type ChainHarness, createChainHarness, TEST_ANCHOR_KEY, waitFor } from "./testing/harness";

describe("chain worker on anvil, PostgreSQL and Redis: taking over a predecessor's work", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    h = await createChainHarness({
      manualMining: true,
      env: { CONFIRMATIONS: "2", REPLACE_AFTER_MS: "60000" },
    });
  });
  afterAll(() => h.close());

  it("a transaction the node took (and mined) before its sender died unrecorded is found and confirmed", async () => {
    const account = privateKeyToAccount(TEST_ANCHOR_KEY);
    const [id] = await h.submit(1, false);
    await sequenceTestLog(h.db);
    const batch = await createAnchorBatch(
      h.db,
      {
        signerAddress: account.address,
        chainId: h.anvil.chainId,
        network: "anvil",
        registryAddress: h.registry.address,
      },
      [id as string],
    );
    // what the dead process did: took the lease, stored the signed transaction, the node got it…
    // Long enough to outlast the signing and storing below on a loaded machine (300 ms did not),
    // short enough that the successor takes over soon after.
    const lease = await acquireSignerLease(h.db, account.address, "dead-process", 3_000);
    const head = await h.rpc.getBlockNumber();
    const fees = await currentFees(h.rpc as never);
    const nonce = await h.rpc.getTransactionCount({ address: account.address, blockTag: "pending" });
    const tx = await signAnchorTransaction(account, {
      chainId: h.anvil.chainId,
      registryAddress: h.registry.address,
      merkleRoot: batch?.merkleRoot as Hex,
      count: batch?.treeSize as number,
      nonce,
      gasLimit: 60_000,
      fees,
    });
    const stored = await storeSignedTransactions(
      h.db,
      lease as NonNullable<typeof lease>,
      [{ anchorId: batch?.anchorId as string, ...tx, nonce, gasLimit: 60_000, ...fees }],
      head,
    );
    expect(stored).toBe(true);
    await h.rpc.request({ method: "eth_sendRawTransaction", params: [tx.raw] } as never);
    // …and it was mined, with blocks on top, before anyone recorded the broadcast
    for (let i = 0; i < 4; i++) await h.anvilRpc("evm_mine");
    // the dead process's lease runs out
    await waitFor(
      async () =>
        (await h.db.signerLease.findUniqueOrThrow({ where: { signerAddress: account.address } })).expiresAt <
        new Date(),
      { timeout: 15_000, what: "the dead process's lease to expire" },
    );

    await h.startWorker();
    const ctx = await waitFor(
      async () => {
        const row = await readContext(h.db, id as string);
        if (row.status === "confirmed") return row;
        await h.anvilRpc("evm_mine");
      },
      { interval: 100, what: "the context to be confirmed" },
    );
    expect(ctx.transactionHash).toBe(tx.hash);
    await h.expectAnchoredExactlyOnce([id as string]);
    expect(await h.db.anchorTransaction.count({ where: { anchorId: batch?.anchorId } })).toBe(1);
  });
});
