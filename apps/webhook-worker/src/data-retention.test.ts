// Integration: real PostgreSQL, real Redis (own prefix), a loopback receiver and the real worker
// runtime with its context data retention loop on a very short CONTEXT_DATA_RETENTION_DAYS: old
// contexts lose their data (not their hashes), a plan set to `off` keeps it, and each erasure is
// announced as context.erased to the user's webhooks. An agent under a legal hold keeps its data
// until the hold is released.
import { waitFor } from "@ctxlog/core/testing";
import { placeLegalHold, releaseLegalHold } from "@ctxlog/db";
import { seedContexts } from "@ctxlog/db/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;
const SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

beforeAll(async () => {
  // 0.00002 days = 1.728 s; batches of 2, often
  h = await createWorkerHarness({
    CONTEXT_DATA_RETENTION_DAYS: "0.00002",
    CONTEXT_DATA_RETENTION_DAYS_BY_PLAN: "pro=off",
    CONTEXT_DATA_RETENTION_BATCH_SIZE: "2",
    RETENTION_INTERVAL_MS: "100",
  });
});
afterAll(async () => {
  await h.close();
});

async function owner(plan: string) {
  const userId = await h.user();
  await h.db.user.update({ where: { id: userId }, data: { plan } });
  const key = await h.db.apiKey.findFirstOrThrow({ where: { userId } });
  return { userId, apiKeyId: key.id, keyFamilyId: key.familyId };
}

describe("context data retention loop (PostgreSQL + Redis + loopback receiver)", () => {
  it("erases the data of contexts past the period, keeps a plan set to off, and announces context.erased", async () => {
    const free = await owner("free");
    const pro = await owner("pro");
    const r = await h.receiver();
    await h.webhook(free.userId, r.url, ["context.erased"]);
    const freeIds = await seedContexts(h.db, free, { count: 5, signerPrivateKey: SIGNER });
    const proIds = await seedContexts(h.db, pro, { count: 2, signerPrivateKey: SIGNER });
    const before = await h.db.context.findMany({ where: { id: { in: freeIds } }, orderBy: { id: "asc" } });

    await waitFor(
      async () =>
        (await h.db.context.count({ where: { id: { in: freeIds }, dataErasedAt: null } })) === 0
          ? true
          : undefined,
      { timeout: 15_000 },
    );
    const after = await h.db.context.findMany({ where: { id: { in: freeIds } }, orderBy: { id: "asc" } });
    for (const [i, row] of after.entries()) {
      // canonical_data: the one copy of context_data and metadata
      expect(row).toMatchObject({ canonicalData: null, dataErasedBy: "retention" });
      expect(row.contextHash).toEqual(before[i]?.contextHash);
      expect(row.entryHash).toEqual(before[i]?.entryHash);
      // erased no sooner than the period allows
      expect((row.dataErasedAt as Date).getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(1_700);
    }
    await waitFor(() => (r.requests.length >= 5 ? true : undefined), { timeout: 10_000 });
    const announced = r.requests.map((q) => JSON.parse(q.body));
    expect(announced.every((e) => e.event === "context.erased" && e.data.erased_by === "retention")).toBe(
      true,
    );
    expect(announced.map((e) => e.data.context_id).sort()).toEqual([...freeIds].sort());

    // the pro plan keeps its data
    expect(await h.db.context.count({ where: { id: { in: proIds }, dataErasedAt: null } })).toBe(2);
  }, 40_000);

  it("keeps the data of an agent under a legal hold, and erases it once the hold is released", async () => {
    const free = await owner("free");
    const held = await seedContexts(h.db, free, {
      count: 3,
      signerPrivateKey: SIGNER,
      agentId: "agent-held",
    });
    const hold = await placeLegalHold(h.db, {
      userId: free.userId,
      agentId: "agent-held",
      reason: "litigation",
      by: `key:${free.apiKeyId}`,
    });
    const other = await seedContexts(h.db, free, {
      count: 2,
      signerPrivateKey: SIGNER,
      agentId: "agent-other",
    });
    const kept = (ids: string[]) => h.db.context.count({ where: { id: { in: ids }, dataErasedAt: null } });
    // the same user's other agent expires and is erased, passes after the held rows' expiry
    await waitFor(async () => ((await kept(other)) === 0 ? true : undefined), { timeout: 15_000 });
    expect(await kept(held)).toBe(3);

    await releaseLegalHold(h.db, {
      userId: free.userId,
      agentId: "agent-held",
      holdId: hold?.id ?? "",
      by: `key:${free.apiKeyId}`,
    });
    // the loop's next passes go back to the rows it kept for the hold
    await waitFor(async () => ((await kept(held)) === 0 ? true : undefined), { timeout: 15_000 });
    const row = await h.db.context.findUniqueOrThrow({ where: { id: held[0] } });
    expect(row).toMatchObject({ canonicalData: null, dataErasedBy: "retention", dataErasureReason: null });
  }, 40_000);
});
