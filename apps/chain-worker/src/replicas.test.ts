import { type ChainHarness, createChainHarness, waitFor } from "./testing/harness";

describe("chain worker replicas on anvil, PostgreSQL and Redis", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    h = await createChainHarness({ env: { BATCH_MAX: "30", BATCH_WINDOW_MS: "80", LEASE_TTL_MS: "1500" } });
  });
  afterAll(() => h.close());

  it("two replicas: one sender at a time, no nonce collision, no double anchoring, and a take-over when the sender stops", async () => {
    const a = await h.startWorker({}, "replica-a");
    const b = await h.startWorker({}, "replica-b");
    const ids = await h.submit(150);
    await waitFor(() => a.lease.current() || b.lease.current(), { what: "a replica to hold the lease" });
    expect([a.lease.current(), b.lease.current()].filter(Boolean)).toHaveLength(1);

    // the sender goes away mid-run; the other must take over and finish
    const sender = a.lease.current() ? a : b;
    const other = sender === a ? b : a;
    await h.stopWorker(sender);
    ids.push(...(await h.submit(150)));
    await h.waitForStatus(ids, "confirmed", 30_000);
    expect(other.lease.current()).not.toBeNull();

    await h.expectAnchoredExactlyOnce(ids);
    const txs = await h.db.anchorTransaction.findMany({ where: { status: { not: "abandoned" } } });
    const mined = txs.filter((t) => t.status === "mined");
    expect(new Set(mined.map((t) => t.nonce)).size).toBe(mined.length);
    // every transaction of one nonce belongs to one anchor (replacements), never to two
    const anchorOfNonce = new Map<number, string>();
    for (const t of txs) {
      expect(anchorOfNonce.get(t.nonce) ?? t.anchorId).toBe(t.anchorId);
      anchorOfNonce.set(t.nonce, t.anchorId);
    }
    const lease = await h.db.signerLease.findFirstOrThrow();
    expect(lease.holder).toBe(other.holder);
    expect(lease.epoch).toBeGreaterThanOrEqual(2n);
  });
});
