// Integration: real PostgreSQL (a fresh database). An agent log's summary counts its entries by
// status (ctxlog_context_status), over the entries the reader may read, in one statement.
import { confirmAnchor } from "../anchors/confirm-anchor";
import { failAnchor } from "../anchors/track-anchors";
import { hexOf } from "../hex-columns";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser } from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
} from "../testing/anchor-fixtures";
import { listAgentLogs } from "./list-agent-logs";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_list_agent_logs_test");
});
afterAll(() => database.drop());

describe("listAgentLogs", () => {
  it("counts a log's entries by status, with its head; pages on agent id; one log by its id", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const ids = await seedContexts(db, owner, { count: 5, signerPrivateKey: SIGNER, agentId: "agent-a" });
    await seedContexts(db, owner, { count: 1, signerPrivateKey: SIGNER, agentId: "agent-b" });
    const [c1, c2, c3] = ids as [string, string, string];
    const confirmed = (await claimTestBatch(db, TARGET, [c1, c2]))?.anchorId as string;
    await markAnchorMined(db, confirmed);
    await confirmAnchor(db, confirmed, BLOCK, 3);
    const failed = (await claimTestBatch(db, TARGET, [c3]))?.anchorId as string;
    await failAnchor(db, failed, { reason: "reverted", message: "m", details: "d", retryPossible: true });

    const reader = { ...owner, scope: "all" as const };
    const head = await db.context.findFirstOrThrow({ where: { id: ids[4] } });
    const first = await db.context.findFirstOrThrow({ where: { id: c1 } });
    const page = await listAgentLogs(db, reader, { limit: 1 });
    expect(page).toEqual({
      rows: [
        {
          agentId: "agent-a",
          headSequence: 5,
          headEntryHash: hexOf(head.entryHash as Uint8Array),
          entries: 5,
          pending: 2,
          confirmed: 2,
          failed: 1,
          firstAt: first.createdAt,
          lastAt: head.createdAt,
        },
      ],
      next: "agent-a",
    });
    const rest = await listAgentLogs(db, reader, { limit: 1, after: "agent-a" });
    expect(rest.rows.map((l) => [l.agentId, l.entries, l.pending])).toEqual([["agent-b", 1, 1]]);
    expect(rest.next).toBeNull();
    // one log: by its id, whatever the cursor
    expect(
      (await listAgentLogs(db, reader, { limit: 1, agentId: "agent-a", after: "agent-z" })).rows,
    ).toEqual(page.rows);
    expect((await listAgentLogs(db, reader, { limit: 1, agentId: "agent-none" })).rows).toEqual([]);

    // the reader's scope and the active window
    expect((await listAgentLogs(db, { ...owner, scope: "public" }, { limit: 10 })).rows).toEqual([]);
    expect(
      (await listAgentLogs(db, { ...owner, keyFamilyId: "fam_other", scope: "own" }, { limit: 10 })).rows,
    ).toEqual([]);
    const later = new Date(Date.now() + 60_000);
    expect((await listAgentLogs(db, reader, { limit: 10, activeAfter: later })).rows).toEqual([]);
    expect(
      (await listAgentLogs(db, reader, { limit: 10, activeBefore: later })).rows.map((l) => l.agentId),
    ).toEqual(["agent-a", "agent-b"]);
  });
});
