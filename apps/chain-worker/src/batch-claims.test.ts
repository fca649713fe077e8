import { type AnchorTarget, CLAIMS_LOCK_KEY, createAnchorBatch, hexOf } from "@ctxlog/db";
import { findAnchorIdOf, proofReachesRoot, readContexts, sequenceTestLog } from "@ctxlog/db/testing";
import { anchorJobsFor } from "@ctxlog/jobs";
import { privateKeyToAccount } from "viem/accounts";
import { type ChainHarness, createChainHarness, TEST_ANCHOR_KEY, waitFor } from "./testing/harness";

describe("batch claims: one job per write, contexts claimed from PostgreSQL in arrival order", () => {
  let h: ChainHarness;
  let target: AnchorTarget;
  beforeAll(async () => {
    h = await createChainHarness({ env: { BATCH_MAX: "100", BATCH_WINDOW_MS: "80", LEASE_TTL_MS: "1500" } });
    target = {
      signerAddress: privateKeyToAccount(TEST_ANCHOR_KEY).address,
      chainId: 31337,
      network: "anvil",
      registryAddress: h.registry.address,
    };
  });
  afterAll(() => h.close());

  const jobsLeft = async () => {
    const counts = await h.queues.queue("anchorContexts").getJobCounts("waiting", "active", "delayed");
    return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0);
  };

  it("two claims at once take disjoint sets, oldest first, and together all", async () => {
    const older = await h.submit(60, false);
    const newer = await h.submit(60, false);
    await sequenceTestLog(h.db); // in the log, as the worker's sequencer puts them before it claims
    const [a, b] = await Promise.all([
      createAnchorBatch(h.db, target, { oldest: 70 }),
      createAnchorBatch(h.db, target, { oldest: 70 }),
    ]);
    const claimed = [...(a?.contextIds ?? []), ...(b?.contextIds ?? [])];
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(new Set(claimed)).toEqual(new Set([...older, ...newer]));
    // whichever claim came first took the 60 older contexts and 10 of the newer ones
    const first = a?.contextIds.length === 70 ? a : b;
    expect(first?.contextIds.filter((id) => older.includes(id))).toHaveLength(60);
    // these two anchors are pending in the database: the next tests' workers send and confirm them
  });

  it("two replicas fill batches from writes of many contexts and anchor each context exactly once", async () => {
    const a = await h.startWorker({}, "claims-a");
    const b = await h.startWorker({}, "claims-b");
    const ids: string[] = [];
    const writes = await Promise.all(Array.from({ length: 12 }, () => h.submit(75)));
    for (const w of writes) ids.push(...w);
    await h.waitForStatus(ids, "confirmed", 45_000);
    await h.expectAnchoredExactlyOnce(ids);
    const anchors = await h.db.anchor.findMany({ where: { contextIds: { hasSome: ids } } });
    for (const anchor of anchors) expect(anchor.contextCount).toBeLessThanOrEqual(100);
    // 900 contexts in batches of up to 100: full batches, not one per job or per write
    expect(anchors.length).toBeLessThanOrEqual(14);
    await waitFor(async () => (await jobsLeft()) === 0, { what: "every job acknowledged" });
    await h.stopWorker(a);
    await h.stopWorker(b);
  });

  it("a job whose contexts another replica already batched completes without a second batch", async () => {
    const ids = await h.submit(20, false);
    await sequenceTestLog(h.db);
    const other = await createAnchorBatch(h.db, target, ids); // another replica got there first
    expect(other?.contextIds).toHaveLength(20);
    await h.queues.enqueueMany("anchorContexts", anchorJobsFor(ids));
    const worker = await h.startWorker({}, "late");
    await waitFor(async () => (await jobsLeft()) === 0, { what: "the job acknowledged" });
    await h.waitForStatus(ids, "confirmed", 20_000);
    const anchorIds = await Promise.all(ids.map((id) => findAnchorIdOf(h.db, id)));
    expect(new Set(anchorIds)).toEqual(new Set([other?.anchorId]));
    await h.expectAnchoredExactlyOnce(ids);
    await h.stopWorker(worker);
  });

  it("a job waits while another replica's claim is under way, then anchors its contexts once", async () => {
    const ids = await h.submit(10, false);
    // another replica's claim: the claims' lock held by a transaction that then rolls back (it crashed)
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const claim = h.db
      .$transaction(
        async (tx) => {
          await tx.$queryRawUnsafe(`SELECT 1 FROM pg_advisory_xact_lock(${CLAIMS_LOCK_KEY})`);
          await held;
          throw new Error("the other replica died mid-claim");
        },
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    await h.queues.enqueueMany("anchorContexts", anchorJobsFor(ids));
    const worker = await h.startWorker({}, "waiting");
    await new Promise((r) => setTimeout(r, 600)); // deliberate: the job must wait while the rows are held
    expect(await jobsLeft()).toBe(1);
    expect((await h.statusCounts(ids)).pending).toBe(10);
    release();
    await claim;
    await h.waitForStatus(ids, "confirmed", 20_000);
    await h.expectAnchoredExactlyOnce(ids);
    await waitFor(async () => (await jobsLeft()) === 0, { what: "the job acknowledged" });
    await h.stopWorker(worker);
  });

  it("a batch holds several thousand contexts (BATCH_MAX=4000): one transaction, every proof valid", async () => {
    const ids = await h.submit(4000);
    const worker = await h.startWorker({ BATCH_MAX: "4000", BATCH_WINDOW_MS: "200" }, "big");
    await h.waitForStatus(ids, "confirmed", 45_000);
    // as readers see them: each proof read out of the log's tiles at the anchored tree head
    const contexts = await readContexts(h.db, ids);
    expect(new Set(contexts.map((c) => c.anchorId)).size).toBe(1);
    const { merkleRoot, treeSize } = await h.db.anchor.findUniqueOrThrow({
      where: { id: contexts[0]?.anchorId as string },
    });
    expect(Number(treeSize)).toBeGreaterThanOrEqual(4000);
    for (const c of contexts) {
      expect(proofReachesRoot(c, hexOf(merkleRoot), treeSize)).toBe(true);
      expect(c.merkleProof.length).toBeLessThanOrEqual(13); // ⌈log2 of the log's size⌉
    }
    await h.stopWorker(worker);
  });
});
