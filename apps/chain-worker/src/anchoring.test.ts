import { findAnchoredLogs } from "@ctxlog/chain";
import {
  CONFIRMED_REFERENCE,
  contextConfirmedData,
  contextCreatedData,
  isEventReference,
  leafHash,
  serializeEnvelope,
} from "@ctxlog/core";
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { bytesOfHex, hexOf, renderPayloads } from "@ctxlog/db";
import { proofReachesRoot, readContext, readContexts } from "@ctxlog/db/testing";
import type { Hex } from "viem";
import { type ChainHarness, createChainHarness } from "./testing/harness";

describe("chain worker on anvil, PostgreSQL and Redis: anchoring", () => {
  let h: ChainHarness;
  let worker: Awaited<ReturnType<ChainHarness["startWorker"]>>;
  beforeAll(async () => {
    h = await createChainHarness({ env: { BATCH_MAX: "256" } });
    worker = await h.startWorker();
  });
  afterAll(() => h.close());

  it("takes a single context to confirmed, with its events and proof", async () => {
    const [id] = await h.submit(1);
    await h.waitForStatus([id as string]);
    const ctx = await readContext(h.db, id as string);
    expect(ctx.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(ctx.blockNumber).not.toBeNull();
    expect(ctx.confirmations).toBeGreaterThanOrEqual(3);
    expect(ctx.gasUsed).toBeGreaterThan(21_000n);
    // the price its receipt says it paid, kept with the batch: gas × price is what anchoring costs
    const receipt = await h.rpc.getTransactionReceipt({ hash: ctx.transactionHash as Hex });
    expect(receipt.effectiveGasPrice).toBeGreaterThan(0n);
    expect(ctx.gasPriceWei).toBe(receipt.effectiveGasPrice);
    expect(ctx.batchSize).toBe(1);
    expect(ctx.confirmationTimeSeconds).toBeGreaterThanOrEqual(0);
    expect(ctx.leafIndex).toBe(0);
    expect(ctx.merkleProof).toEqual([]);

    const stored = await h.db.outboxEvent.findMany({
      where: { contextId: id },
      orderBy: { createdAt: "asc" },
    });
    expect(stored.map((e) => e.event)).toEqual(["context.created", "context.confirmed"]);
    // stored as references (the data and proof path are the context's), delivered rendered
    expect(stored.every((e) => isEventReference(e.payload))).toBe(true);
    const events = await renderPayloads(h.db, stored);
    const created = JSON.parse(events[0]?.payload ?? "{}");
    expect(created.data).toMatchObject({
      context_id: id,
      status: "pending",
      context_hash: ctx.contextHash,
      sequence: 1,
      prev_entry_hash: ctx.prevEntryHash,
      entry_hash: ctx.entryHash,
    });
    expect(created.data.transaction_hash).toMatch(/^0x/);
    const confirmed = JSON.parse(events[1]?.payload ?? "{}");
    expect(confirmed.data).toMatchObject({
      context_id: id,
      status: "confirmed",
      transaction_hash: ctx.transactionHash,
      block_number: Number(ctx.blockNumber),
      network: "anvil",
      proof: {
        // the first entry of the log, anchored by its tree head of one leaf: the root is the leaf's
        // RFC 6962 hash, SHA-256(0x00 ‖ entry hash)
        leaf_index: 0,
        merkle_proof: [],
        merkle_root: hexOf(leafHash(bytesOfHex(ctx.entryHash as string))),
        chain_id: 31337,
        registry_address: h.registry.address,
        tree_size: 1,
      },
    });
    // stored as a mark alone (the event, timestamp and context id are its row's), and rendered byte
    // for byte as the event's builder makes it from the context as every reader sees it
    expect(stored[1]?.payload).toBe(CONFIRMED_REFERENCE);
    expect(stored[1]?.createdAt.toISOString()).toBe(confirmed.timestamp);
    const proof = {
      leaf_index: 0,
      merkle_proof: [],
      merkle_root: hexOf(leafHash(bytesOfHex(ctx.entryHash as string))),
      chain_id: 31337,
      network: "anvil",
      registry_address: h.registry.address,
      tree_size: 1,
    };
    expect(events[1]?.payload).toBe(
      serializeEnvelope({
        event: "context.confirmed",
        timestamp: new Date(confirmed.timestamp),
        data: contextConfirmedData(ctx, { proof }),
      }),
    );
    expect(events[0]?.payload).toBe(
      serializeEnvelope({
        event: "context.created",
        timestamp: new Date(created.timestamp),
        data: contextCreatedData({
          ...ctx,
          transactionHash: created.data.transaction_hash,
          estimatedConfirmation: new Date(created.data.estimated_confirmation),
        }),
      }),
    );
  });

  it("anchors 500 contexts in few transactions; every proof reaches the root in the receipt's Anchored log", async () => {
    const ids = await h.submit(500);
    await h.waitForStatus(ids);
    const contexts = await readContexts(h.db, ids);
    const hashes = new Set(contexts.map((c) => c.transactionHash));
    expect(hashes.size).toBeLessThanOrEqual(6);
    const roots = new Map<string, Hex[]>();
    for (const hash of hashes) {
      const receipt = await h.rpc.getTransactionReceipt({ hash: hash as Hex });
      expect(receipt.status).toBe("success");
      roots.set(
        hash as string,
        findAnchoredLogs(receipt.logs, h.registry.address).map((l) => l.root),
      );
    }
    const treeSizes = new Map(
      (await h.db.anchor.findMany({ where: { contextIds: { hasSome: ids } } })).map((a) => [
        a.id,
        a.treeSize,
      ]),
    );
    for (const c of contexts) {
      const [root] = roots.get(c.transactionHash as string) ?? [];
      expect(root).toBeDefined();
      // the log's tree head: the context's leaf at its log index in the anchored tree
      expect(treeSizes.get(c.anchorId as string)).not.toBeNull();
      expect(proofReachesRoot(c, root as string, treeSizes.get(c.anchorId as string) ?? null)).toBe(true);
    }
    const anchors = await h.db.anchor.findMany({ where: { contextIds: { hasSome: ids } } });
    expect(anchors.reduce((n, a) => n + a.contextCount, 0)).toBe(500);
    const events = await h.db.outboxEvent.groupBy({
      by: ["event"],
      where: { contextId: { in: ids } },
      _count: true,
    });
    expect(Object.fromEntries(events.map((e) => [e.event, e._count]))).toEqual({
      "context.created": 500,
      "context.confirmed": 500,
    });
  });

  it("publishes the block time it observes (the API's estimated_confirmation uses it)", async () => {
    const status = await h.db.chainStatus.findUniqueOrThrow({ where: { network: "anvil" } });
    expect(status.blockTimeMs).toBeGreaterThanOrEqual(100); // anvil mines every 200 ms here
    // late sightings only lengthen it: the interval plus slack scaled by the load
    expect(status.blockTimeMs).toBeLessThanOrEqual(200 + loadScaledSlackMs(400));
    expect(status.registryAddress).toBe(h.registry.address);
  });

  it("publishes its gas-paying key as a signer of kind anchor (for the anchor_submitter check)", async () => {
    const published = await h.db.signer.findUnique({
      where: { address_kind: { address: worker.signerAddress, kind: "anchor" } },
    });
    expect(published).toMatchObject({ validUntil: null });
    // and it signs no context: an attestation key is the API's
    expect(
      await h.db.signer.findUnique({
        where: { address_kind: { address: worker.signerAddress, kind: "attestation" } },
      }),
    ).toBeNull();
  });

  it("counts what it did in Prometheus metrics", async () => {
    const text = await worker.metrics.registry.metrics();
    expect(text).toMatch(/^chain_contexts_confirmed_total 501$/m);
    expect(text).toMatch(/^chain_transactions_broadcast_total\{kind="first"\} \d+$/m);
    expect(text).toMatch(/^chain_signer_lease_held 1$/m);
  });
});
