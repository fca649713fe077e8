// Integration: real PostgreSQL (a fresh database). Legal holds are placed, listed and released per
// agent; while one is active no erasure path erases the agent's data (a single context, the whole
// agent, retention), and a minimum retention refuses young data unless overridden; what an erasure
// said (reason, override) is kept on the row and in its context.erased.
import { waitFor } from "@ctxlog/core/testing";
import { eraseAgentData } from "../contexts/erase-agent-data";
import { eraseContextData } from "../contexts/erase-context-data";
import { eraseExpiredData, heldExpiredData } from "../contexts/erase-expired-data";
import { inSqlTransaction } from "../sql-transaction";
import { createTestDatabase, seedContexts, seedUser } from "../testing";
import { lockLogsAgainstHolds, type MinRetention } from "./erasure-guard";
import { legalHoldsOverlapping, listLegalHolds, placeLegalHold, releaseLegalHold } from "./legal-holds";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DAY_MS = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_holds_test");
});
afterAll(() => database.drop());

async function seeded(count: number, agentId: string) {
  const owner = await seedUser(database.db);
  const ids = await seedContexts(database.db, owner, { count, signerPrivateKey: SIGNER, agentId });
  const by = { kind: "api_key", apiKeyId: owner.apiKeyId } as const;
  return { owner, ids, by };
}

/** Until some other session waits for a lock that `pid` holds. */
async function someoneWaitsFor(pid: number | undefined) {
  await waitFor(async () => {
    const [row] = await database.db.$queryRawUnsafe<{ n: bigint }[]>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))",
      pid,
    );
    return Number(row?.n) > 0 ? true : undefined;
  });
}

const kept = (ids: string[]) => database.db.context.count({ where: { id: { in: ids }, dataErasedAt: null } });

describe("legal holds", () => {
  it("are placed on a logged agent only, listed newest first, released once (the first release kept)", async () => {
    const db = database.db;
    const { owner } = await seeded(1, "agent-hold");
    const stranger = await seedUser(db);
    const place = (reason: string, userId = owner.userId, agentId = "agent-hold") =>
      placeLegalHold(db, { userId, agentId, reason, by: `key:${owner.apiKeyId}` });

    expect(await place("case 1", owner.userId, "agent-never-logged")).toBeNull();
    expect(await place("case 1", stranger.userId)).toBeNull();
    const first = await place("case 1");
    const second = await place("case 2");
    expect(first).toMatchObject({
      agentId: "agent-hold",
      reason: "case 1",
      releasedAt: null,
      releasedBy: null,
    });
    expect(first?.id).toMatch(/^hld_/);

    const page = await listLegalHolds(db, { userId: owner.userId, agentId: "agent-hold", limit: 1 });
    expect(page.rows.map((h) => h.id)).toEqual([second?.id]);
    const rest = await listLegalHolds(db, {
      userId: owner.userId,
      agentId: "agent-hold",
      limit: 1,
      after: page.nextAfter ?? undefined,
    });
    expect(rest).toEqual({ rows: [first], nextAfter: null });
    expect(
      (await listLegalHolds(db, { userId: stranger.userId, agentId: "agent-hold", limit: 10 })).rows,
    ).toEqual([]);

    const holdId = first?.id ?? "";
    const release = (userId: string, by: string) =>
      releaseLegalHold(db, { userId, agentId: "agent-hold", holdId, by });
    expect(await release(stranger.userId, "key:other")).toBeNull();
    const released = await release(owner.userId, "account:acc_1");
    expect(released).toMatchObject({ releasedBy: "account:acc_1" });
    expect(await release(owner.userId, "key:later")).toEqual(released);
  });

  it("refuse every erasure of the held agent's data until the last one is released; others are erased", async () => {
    const db = database.db;
    const { owner, ids, by } = await seeded(3, "agent-held");
    const other = await seedContexts(db, owner, {
      count: 1,
      signerPrivateKey: SIGNER,
      agentId: "agent-free",
    });
    const hold = await placeLegalHold(db, {
      userId: owner.userId,
      agentId: "agent-held",
      reason: "litigation",
      by: "key:k",
    });
    const refused = {
      refused: {
        kind: "legal_hold",
        agentId: "agent-held",
        hold: { id: hold?.id, reason: "litigation", placedAt: hold?.placedAt, placedBy: "key:k" },
      },
    };
    expect(await eraseContextData(db, { userId: owner.userId, contextId: ids[0] ?? "", by })).toEqual(
      refused,
    );
    expect(await eraseAgentData(db, { userId: owner.userId, agentId: "agent-held", by })).toEqual(refused);
    // retention (and any path that reaches eraseContextsData) skips it, and counts what it left
    const cutoff = new Date(Date.now() + 1_000);
    const selector = { plans: [(await db.user.findUniqueOrThrow({ where: { id: owner.userId } })).plan] };
    let after: string | undefined;
    for (;;) {
      const r = await eraseExpiredData(db, { cutoff, selector, batchSize: 50, after });
      after = r.last;
      if (r.claimed < 50) break;
    }
    expect(await kept(ids)).toBe(3);
    expect(await kept(other)).toBe(0);
    const held = await heldExpiredData(db, { cutoff, selector, releasedSince: new Date() });
    expect(held.held).toBeGreaterThanOrEqual(3);
    // resuming there passes over the held rows again: the oldest one is just after it
    expect(held.resumeAfter !== null && held.resumeAfter < (ids[0] ?? "")).toBe(true);
    expect(await db.outboxEvent.count({ where: { contextId: { in: ids }, event: "context.erased" } })).toBe(
      0,
    );

    const releasedSince = new Date(Date.now() - 60_000);
    await releaseLegalHold(db, {
      userId: owner.userId,
      agentId: "agent-held",
      holdId: hold?.id ?? "",
      by: "key:k",
    });
    // a pass that began before the release goes back to the rows it skipped, a later one does not
    // (other tests' holds, of other users on the same plan, count in both)
    const sinceBefore = await heldExpiredData(db, { cutoff, selector, releasedSince });
    const sinceAfter = await heldExpiredData(db, {
      cutoff,
      selector,
      releasedSince: new Date(Date.now() + 60_000),
    });
    expect(sinceBefore.held - sinceAfter.held).toBe(3);
    expect(
      await eraseAgentData(db, { userId: owner.userId, agentId: "agent-held", by, reason: "done" }),
    ).toEqual({
      erased: 3,
      remaining: 0,
    });
    const row = await db.context.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(row).toMatchObject({ dataErasureReason: "done", dataErasureOverrodeRetention: false });
  });

  it("placing a hold waits for an erasure that holds the agent's log (so none commits past a hold)", async () => {
    const db = database.db;
    const { owner, ids } = await seeded(2, "agent-race");
    let placed: Promise<unknown> | undefined;
    let placedFirst = false;
    await inSqlTransaction(db, async (sql) => {
      await lockLogsAgainstHolds(sql, [ids[0] ?? ""]);
      placed = placeLegalHold(db, {
        userId: owner.userId,
        agentId: "agent-race",
        reason: "r",
        by: "key:k",
      }).then(() => {
        placedFirst = true;
      });
      const [me] = (await sql("SELECT pg_backend_pid() AS pid", [])) as { pid: number }[];
      await someoneWaitsFor(me?.pid);
      expect(placedFirst).toBe(false);
    });
    await placed;
    expect(placedFirst).toBe(true);
  });

  it("a minimum retention refuses young data unless overridden, and the override is recorded", async () => {
    const db = database.db;
    const { owner, ids, by } = await seeded(2, "agent-young");
    const minRetention = (override: boolean): MinRetention => ({
      days: 183,
      cutoff: new Date(Date.now() - 183 * DAY_MS),
      override,
    });
    const single = await eraseContextData(db, {
      userId: owner.userId,
      contextId: ids[0] ?? "",
      by,
      minRetention: minRetention(false),
    });
    expect(single).toMatchObject({ refused: { kind: "min_retention", agentId: "agent-young", days: 183 } });
    const whole = await eraseAgentData(db, {
      userId: owner.userId,
      agentId: "agent-young",
      by,
      minRetention: minRetention(false),
    });
    expect(whole).toMatchObject({ refused: { kind: "min_retention", days: 183 } });
    expect(await kept(ids)).toBe(2);

    expect(
      await eraseContextData(db, {
        userId: owner.userId,
        contextId: ids[0] ?? "",
        by,
        reason: "subject's request",
        overrideRetention: true,
        minRetention: minRetention(true),
      }),
    ).toEqual({ erasedNow: true });
    const row = await db.context.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(row).toMatchObject({ dataErasureReason: "subject's request", dataErasureOverrodeRetention: true });
    const event = await db.outboxEvent.findFirstOrThrow({
      where: { contextId: ids[0], event: "context.erased" },
    });
    expect(JSON.parse(event.payload).data.reason).toBe("subject's request");
    // data older than the minimum is erased without an override
    expect(
      await eraseAgentData(db, {
        userId: owner.userId,
        agentId: "agent-young",
        by,
        minRetention: { days: 0.000001, cutoff: new Date(Date.now() + 1_000), override: false },
      }),
    ).toEqual({ erased: 1, remaining: 0 });
  });

  it("the holds overlapping a period are the ones in force at some time of it", async () => {
    const db = database.db;
    const { owner } = await seeded(1, "agent-period");
    const at = (iso: string) => new Date(iso);
    const hold = (reason: string, placed: string) =>
      placeLegalHold(db, {
        userId: owner.userId,
        agentId: "agent-period",
        reason,
        by: "key:k",
        at: at(placed),
      });
    const early = await hold("early", "2026-01-01T00:00:00Z");
    await releaseLegalHold(db, {
      userId: owner.userId,
      agentId: "agent-period",
      holdId: early?.id ?? "",
      by: "key:k",
      at: at("2026-02-01T00:00:00Z"),
    });
    await hold("open", "2026-03-01T00:00:00Z");
    await hold("later", "2026-06-01T00:00:00Z");
    const reasons = async (from: string, to: string) =>
      (
        await legalHoldsOverlapping(db, {
          userId: owner.userId,
          agentId: "agent-period",
          from: at(from),
          to: at(to),
        })
      ).map((h) => h.reason);
    expect(await reasons("2026-01-15T00:00:00Z", "2026-04-01T00:00:00Z")).toEqual(["early", "open"]);
    expect(await reasons("2026-02-02T00:00:00Z", "2026-05-01T00:00:00Z")).toEqual(["open"]);
    expect(await reasons("2026-07-01T00:00:00Z", "2026-08-01T00:00:00Z")).toEqual(["open", "later"]);
  });
});
