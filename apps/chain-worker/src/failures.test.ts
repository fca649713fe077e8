import { retryContext } from "@ctxlog/db";
import { readContext } from "@ctxlog/db/testing";
import { anchorJobsFor } from "@ctxlog/jobs";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type ChainHarness, createChainHarness } from "./testing/harness";

const poorKey = generatePrivateKey();
const poor = privateKeyToAccount(poorKey);

describe("chain worker on anvil, PostgreSQL and Redis: failures", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    h = await createChainHarness({ env: { INSUFFICIENT_FUNDS_GIVE_UP_MS: "800" } });
  });
  afterAll(() => h.close());

  it("an unfunded signer fails its contexts with insufficient_gas; after funding, a retry confirms them", async () => {
    const worker = await h.startWorker({ SIGNER_PRIVATE_KEY: poorKey });
    const ids = await h.submit(3);
    await h.waitForStatus(ids, "failed", 15_000);

    const ctx = await readContext(h.db, ids[0] as string);
    expect(ctx).toMatchObject({
      failureReason: "insufficient_gas",
      retryPossible: true,
      errorCode: "BLOCKCHAIN_ERROR",
      transactionHash: null,
    });
    const failed = await h.db.outboxEvent.findMany({
      where: { contextId: { in: ids }, event: "context.failed" },
    });
    expect(failed).toHaveLength(3);
    const data = JSON.parse(failed[0]?.payload ?? "{}").data;
    expect(Object.keys(data).sort()).toEqual([
      "agent_id",
      "context_id",
      "error",
      "failure_reason",
      "retry_possible",
      "status",
      "transaction_hash",
    ]);
    expect(data).toMatchObject({
      status: "failed",
      transaction_hash: null,
      retry_possible: true,
      failure_reason: "insufficient_gas",
      error: { code: "BLOCKCHAIN_ERROR" },
    });
    expect(typeof data.error.message).toBe("string");
    expect(data.error.details).toMatch(/insufficient_funds/);
    // nothing was sent from the poor signer
    expect(await h.rpc.getTransactionCount({ address: poor.address })).toBe(0);

    await h.anvilRpc("anvil_setBalance", [poor.address, "0x8AC7230489E80000"]); // 10 ETH
    const reader = { userId: h.owner.userId, keyFamilyId: h.owner.keyFamilyId, scope: "all" as const };
    for (const id of ids) expect((await retryContext(h.db, reader, id, new Date())).outcome).toBe("retried");
    await h.queues.enqueueMany("anchorContexts", anchorJobsFor(ids));
    await h.waitForStatus(ids, "confirmed", 15_000);
    const events = await h.db.outboxEvent.groupBy({
      by: ["event"],
      where: { contextId: { in: ids } },
      _count: true,
    });
    expect(Object.fromEntries(events.map((e) => [e.event, e._count]))).toEqual({
      "context.failed": 3,
      "context.created": 3,
      "context.confirmed": 3,
    });
    await h.stopWorker(worker);
  });

  it("a reverting registry fails its contexts with reverted, not retryable", async () => {
    const worker = await h.startWorker();
    await h.anvilRpc("anvil_setCode", [h.registry.address, "0x60006000fd"]); // PUSH1 0 PUSH1 0 REVERT
    const ids = await h.submit(2);
    await h.waitForStatus(ids, "failed", 15_000);
    const ctx = await readContext(h.db, ids[0] as string);
    expect(ctx).toMatchObject({
      failureReason: "reverted",
      retryPossible: false,
      errorCode: "BLOCKCHAIN_ERROR",
    });
    expect(ctx.transactionHash).toMatch(/^0x/);
    const receipt = await h.rpc.getTransactionReceipt({ hash: ctx.transactionHash as `0x${string}` });
    expect(receipt.status).toBe("reverted");
    const failed = await h.db.outboxEvent.findFirstOrThrow({
      where: { contextId: ids[0], event: "context.failed" },
    });
    expect(JSON.parse(failed.payload).data).toMatchObject({
      transaction_hash: ctx.transactionHash,
      failure_reason: "reverted",
      retry_possible: false,
    });
    await h.stopWorker(worker);
  });

  // last: it leaves the chain down
  it("a node unreachable past RPC_GIVE_UP_MS fails unsent contexts with rpc_unavailable, retryable", async () => {
    const worker = await h.startWorker({ RPC_GIVE_UP_MS: "1500" });
    await h.anvil.stop();
    const ids = await h.submit(2);
    await h.waitForStatus(ids, "failed", 15_000);
    const ctx = await readContext(h.db, ids[0] as string);
    expect(ctx).toMatchObject({
      failureReason: "rpc_unavailable",
      retryPossible: true,
      transactionHash: null,
    });
    const failed = await h.db.outboxEvent.findFirstOrThrow({
      where: { contextId: ids[0], event: "context.failed" },
    });
    expect(JSON.parse(failed.payload).data).toMatchObject({
      failure_reason: "rpc_unavailable",
      error: { code: "BLOCKCHAIN_ERROR" },
    });
    await h.stopWorker(worker);
  });
});
