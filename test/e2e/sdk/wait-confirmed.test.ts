// Integration: contexts.waitConfirmed against the real API (real PostgreSQL and Redis via the API's
// test harness). The chain worker's transitions (failed, confirmed) are written with its own
// repository functions, as apps/api/src/routes/contexts/retry-and-proof.test.ts does.
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { bytesOfHex, confirmAnchor, failAnchor, recordAnchorMined } from "@ctxlog/db";
import { claimTestBatch } from "@ctxlog/db/testing";
import { ConfirmationTimeoutError, CtxlogClient } from "@ctxlog/sdk";
import { createTestHarness, type TestHarness } from "../../../apps/api/src/testing/harness";

let h: TestHarness;
let server: Server;
let client: CtxlogClient;
const target = {
  signerAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  chainId: 31337,
  network: "anvil",
  registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
};

beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  client = new CtxlogClient({ baseUrl, apiKey: (await h.tenant()).keys.full });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

const create = async () =>
  (await client.contexts.create({ agent_id: "sdk-wait", context_data: { n: Math.random() } })).context_id;

async function fail(id: string) {
  const batch = await claimTestBatch(h.db, target, [id]);
  await failAnchor(h.db, batch?.anchorId as string, {
    reason: "reverted",
    message: "m",
    details: "d",
    retryPossible: false,
  });
}

async function confirm(id: string) {
  const batch = await claimTestBatch(h.db, target, [id]);
  const anchorId = batch?.anchorId as string;
  const hash = `0x${randomBytes(32).toString("hex")}`;
  await h.db.anchorTransaction.create({
    data: {
      hash: bytesOfHex(hash),
      anchorId,
      signerAddress: target.signerAddress,
      nonce: 0,
      rawTransaction: "0x",
      maxFeePerGas: "1",
      maxPriorityFeePerGas: "1",
      gasLimit: 60000,
    },
  });
  const blockHash = `0x${"cd".repeat(32)}`;
  await recordAnchorMined(h.db, {
    anchorId,
    transactionHash: hash,
    blockNumber: 12n,
    blockHash,
    blockTimestamp: new Date(),
    gasUsed: 23850n,
    reverted: false,
  });
  await confirmAnchor(h.db, anchorId, blockHash, 3);
}

it("returns the context once it is confirmed, while waiting", async () => {
  const id = await create();
  const waiting = client.contexts.waitConfirmed(id, { intervalMs: 50, timeoutMs: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await confirm(id);
  const context = await waiting;
  expect(context).toMatchObject({ context_id: id, status: "confirmed" });
  expect(context.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
});

it("returns a failed context (its status says so)", async () => {
  const id = await create();
  await fail(id);
  expect(await client.contexts.waitConfirmed(id, { timeoutMs: 60_000 })).toMatchObject({
    context_id: id,
    status: "failed",
    retry_possible: false,
  });
});

it("throws ConfirmationTimeoutError when the context stays pending", async () => {
  const id = await create();
  const error = await client.contexts.waitConfirmed(id, { timeoutMs: 300, intervalMs: 50 }).catch((e) => e);
  expect(error).toBeInstanceOf(ConfirmationTimeoutError);
  expect(error).toMatchObject({ contextId: id, status: "pending", timeoutMs: 300 });
});

it("stops when the caller aborts", async () => {
  const id = await create();
  const controller = new AbortController();
  const waiting = client.contexts.waitConfirmed(id, { signal: controller.signal, intervalMs: 10_000 });
  setTimeout(() => controller.abort(new Error("enough")), 100);
  await expect(waiting).rejects.toThrow("enough");
});
