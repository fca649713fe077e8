// End to end with the real API and a real chain: contexts created through the API, anchored for
// real on anvil, confirmed (or failed) in the database the way the chain worker does, using its
// repository functions like the API's own proof test; then the SERVER's proof bundle is fetched
// with the client and verified by the SDK against the chain alone, and a failed context retried.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { bytesOfHex, confirmAnchor, failAnchor, recordAnchorMined } from "@ctxlog/db";
import { claimTestBatch } from "@ctxlog/db/testing";
import { CtxlogClient, checkProofBundle, isApiError, verifyContext } from "@ctxlog/sdk";
import { createPublicClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  createTestHarness,
  TEST_ATTESTATION_KEY,
  type TestHarness,
} from "../../../apps/api/src/testing/harness";
import { type AnchorFixture, startAnchorFixture } from "./anchor-fixture";

let h: TestHarness;
let f: AnchorFixture;
let server: Server;
let client: CtxlogClient;
const confirmedIds: string[] = [];

beforeAll(async () => {
  f = await startAnchorFixture();
  // the API reads the same chain for POST /v1/verifications
  h = await createTestHarness({
    CONFIRMATIONS: "3",
    RPC_URL: f.rpcUrl,
    REGISTRY_ADDRESS: f.registry,
    CHAIN_ID: String(f.chainId),
  });
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const tenant = await h.tenant();
  client = new CtxlogClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey: tenant.keys.full,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await Promise.all([h?.close(), f?.stop()]);
});

it("a proof bundle from GET /v1/contexts/:id/proof verifies against the chain alone, with the SDK", async () => {
  const ids: string[] = [];
  for (const i of [1, 2, 3]) {
    const ctx = await client.contexts.create({
      agent_id: `e2e-${i}`,
      context_data: { step: i, ü: [1e21, "😀"] },
      metadata: { run: "e2e" },
    });
    ids.push(ctx.context_id);
  }
  const notYet = await client.contexts.proof(ids[0] as string).catch((e: unknown) => e);
  expect(isApiError(notYet, "CONFLICT")).toBe(true); // no proof before confirmation

  // What the chain worker does: batch, send anchor(root, count), record the receipt, confirm.
  const target = {
    signerAddress: f.submitterAddress,
    chainId: f.chainId,
    network: "anvil",
    registryAddress: f.registry,
  };
  // the log's tree head, its contexts appended by the sequencer first: a version 4 bundle
  const batch = await claimTestBatch(h.db, target, ids);
  if (!batch) throw new Error("nothing batched");
  const sent = await f.anchor(batch.merkleRoot as `0x${string}`, batch.treeSize ?? batch.contextIds.length);
  const block = await createPublicClient({ transport: http(f.rpcUrl) }).getBlock({
    blockNumber: sent.blockNumber,
  });
  await h.db.anchorTransaction.create({
    data: {
      hash: bytesOfHex(sent.hash),
      anchorId: batch.anchorId,
      signerAddress: f.submitterAddress,
      nonce: 0,
      rawTransaction: "0x",
      maxFeePerGas: "1",
      maxPriorityFeePerGas: "1",
      gasLimit: 100000,
    },
  });
  await recordAnchorMined(h.db, {
    anchorId: batch.anchorId,
    transactionHash: sent.hash,
    blockNumber: sent.blockNumber,
    blockHash: block.hash,
    blockTimestamp: new Date(Number(block.timestamp) * 1000),
    gasUsed: 23850n,
    reverted: false,
  });
  await confirmAnchor(h.db, batch.anchorId, block.hash, 3);
  await f.mine(2);

  confirmedIds.push(...ids);
  const serviceSigner = privateKeyToAccount(TEST_ATTESTATION_KEY).address;
  for (const id of ids) {
    const bundle = await client.contexts.proof(id);
    expect(checkProofBundle(bundle)).toEqual({ ok: true, bundle });
    const result = await verifyContext(bundle, { rpcUrl: f.rpcUrl, expectedSigners: [serviceSigner] });
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result).toMatchObject({
      verified: true,
      confirmations: 3,
      block_number: Number(sent.blockNumber),
    });
  }
});

it("contexts.retry puts a retryable failed context back to pending; retrying it again is a CONFLICT", async () => {
  const ctx = await client.contexts.create({ agent_id: "e2e-retry", context_data: { n: 1 } });
  const target = {
    signerAddress: f.submitterAddress,
    chainId: f.chainId,
    network: "anvil",
    registryAddress: f.registry,
  };
  const batch = await claimTestBatch(h.db, target, [ctx.context_id]);
  await failAnchor(h.db, batch?.anchorId as string, {
    reason: "insufficient_gas",
    message: "out of gas",
    details: "d",
    retryPossible: true,
  });
  expect(await client.contexts.get(ctx.context_id)).toMatchObject({ status: "failed", retry_possible: true });
  const retried = await client.contexts.retry(ctx.context_id);
  expect(retried).toMatchObject({ context_id: ctx.context_id, status: "pending", error: null });
  expect(isApiError(await client.contexts.retry(ctx.context_id).catch((e: unknown) => e), "CONFLICT")).toBe(
    true,
  );
});

it("verifications and signers through the client, against the running API and the same chain", async () => {
  expect(confirmedIds.length).toBeGreaterThan(0); // after the proof test
  const id = confirmedIds[0] as string;
  const byId = await client.verifications.create({ context_id: id });
  expect(byId).toMatchObject({ verified: true, hash_matches: true, signature_valid: true, confirmations: 3 });
  expect(byId.checks.filter((c) => !c.ok)).toEqual([]);
  expect(await client.verifications.get(byId.verification_id)).toMatchObject({
    verification_id: byId.verification_id,
    verified: true,
  });

  const ctx = await client.contexts.get(id);
  const byData = await client.verifications.create({
    transaction_hash: ctx.transaction_hash as Hex,
    context: {
      agent_id: ctx.agent_id,
      context_data: ctx.context_data ?? {},
      metadata: ctx.metadata ?? undefined,
    },
  });
  expect(byData.verified).toBe(true);
  const tampered = await client.verifications.create({
    transaction_hash: ctx.transaction_hash as Hex,
    context: {
      agent_id: ctx.agent_id,
      context_data: { ...ctx.context_data, step: 99 },
      metadata: ctx.metadata ?? undefined,
    },
  });
  expect(tampered.verified).toBe(false);
  expect(tampered.checks.find((c) => c.name === "hash_matches")?.ok).toBe(false);

  const listed = [];
  for await (const v of client.verifications.listAll()) listed.push(v.verification_id);
  expect(listed).toEqual(expect.arrayContaining([byId.verification_id, byData.verification_id]));
  const missing = await client.verifications.get("vrf_01ARZ3NDEKTSV4RRFFQ69G5FAV").catch((e: unknown) => e);
  expect(isApiError(missing, "NOT_FOUND")).toBe(true);

  const signers = await client.signers.list();
  expect(signers.data.map((s) => s.address)).toContain(privateKeyToAccount(TEST_ATTESTATION_KEY).address);
});
