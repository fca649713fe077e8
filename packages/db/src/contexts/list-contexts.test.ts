// Integration: real PostgreSQL (a fresh database). A page of contexts is one statement with every
// filter, the status among them; each row as readers see it, with its batch (a confirmed one's,
// a failed one's own) and what that batch's anchor shows.
import { confirmAnchor } from "../anchors/confirm-anchor";
import { failAnchor } from "../anchors/track-anchors";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser } from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
  TEST_TX_HASH,
} from "../testing/anchor-fixtures";
import { type ListContextsQuery, listContexts } from "./list-contexts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let owner: Awaited<ReturnType<typeof seedUser>>;
let ids: string[];
let confirmedIn: string;
let failedIn: string;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_list_contexts_test");
  const db = database.db;
  owner = await seedUser(db);
  ids = [
    ...(await seedContexts(db, owner, { count: 5, signerPrivateKey: SIGNER, agentId: "agent-a" })),
    ...(await seedContexts(db, owner, { count: 1, signerPrivateKey: SIGNER, agentId: "agent-b" })),
  ];
  const [c1, c2, c3] = ids as [string, string, string];
  confirmedIn = (await claimTestBatch(db, TARGET, [c1, c2]))?.anchorId as string;
  await markAnchorMined(db, confirmedIn);
  await confirmAnchor(db, confirmedIn, BLOCK, 3);
  failedIn = (await claimTestBatch(db, TARGET, [c3]))?.anchorId as string;
  await markAnchorMined(db, failedIn);
  await failAnchor(db, failedIn, { reason: "reverted", message: "m", details: "d", retryPossible: true });
});
afterAll(() => database.drop());

const list = (query: Partial<ListContextsQuery>, scope: "all" | "public" | "own" = "all") =>
  listContexts(database.db, { ...owner, scope }, { limit: 10, ...query });
const idsOf = async (query: Partial<ListContextsQuery>, scope?: "all" | "public" | "own") =>
  (await list(query, scope)).rows.map((r) => r.id);
/** `ids` at these positions (1-based, as seeded), newest first. */
const seeded = (...positions: number[]) => positions.map((p) => ids[p - 1]);

describe("listContexts", () => {
  it("lists newest first, a page at a time, each row with its status and its batch's anchor", async () => {
    expect(await idsOf({})).toEqual(seeded(6, 5, 4, 3, 2, 1));
    const first = await list({ limit: 4 });
    expect(first.rows.map((r) => r.id)).toEqual(seeded(6, 5, 4, 3));
    expect(first.nextAfter).toBe(ids[2]);
    expect(await idsOf({ limit: 4, after: first.nextAfter as string })).toEqual(seeded(2, 1));

    const rows = new Map((await list({})).rows.map((r) => [r.id, r]));
    expect(rows.get(ids[1] as string)).toMatchObject({
      status: "confirmed",
      anchorId: confirmedIn,
      leafIndex: 1,
      transactionHash: TEST_TX_HASH,
      blockNumber: 7n,
      batchSize: 2,
    });
    // a failed row shows the transaction of the batch it failed in (its own anchor_id), no block
    expect(rows.get(ids[2] as string)).toMatchObject({
      status: "failed",
      anchorId: failedIn,
      errorCode: "BLOCKCHAIN_ERROR",
      transactionHash: TEST_TX_HASH,
      blockNumber: null,
    });
    expect(rows.get(ids[3] as string)).toMatchObject({
      status: "pending",
      anchorId: null,
      transactionHash: null,
    });
  });

  it("filters by status, agent, log position, time and the reader's scope, in any combination", async () => {
    expect(await idsOf({ status: "pending" })).toEqual(seeded(6, 5, 4));
    expect(await idsOf({ status: "confirmed" })).toEqual(seeded(2, 1));
    expect(await idsOf({ status: "failed" })).toEqual(seeded(3));
    expect(await idsOf({ status: "pending", limit: 1, after: ids[5] })).toEqual(seeded(5));
    expect(await idsOf({ agentId: "agent-b" })).toEqual(seeded(6));
    expect(await idsOf({ agentId: "agent-a", toSequence: 2 })).toEqual(seeded(2, 1));
    expect(await idsOf({ agentId: "agent-a", toSequence: 4, status: "pending" })).toEqual(seeded(4));
    const later = new Date(Date.now() + 60_000);
    expect(await idsOf({ createdAfter: later })).toEqual([]);
    expect(await idsOf({ createdBefore: later, status: "confirmed" })).toEqual(seeded(2, 1));
    expect(await idsOf({ createdAfter: new Date(0), createdBefore: new Date(1) })).toEqual([]);
    // seeded contexts are private and of the owner's key family
    expect(await idsOf({}, "public")).toEqual([]);
    expect(await idsOf({}, "own")).toEqual(seeded(6, 5, 4, 3, 2, 1));
    expect(
      (await listContexts(database.db, { ...owner, keyFamilyId: "fam_other", scope: "own" }, { limit: 10 }))
        .rows,
    ).toEqual([]);
    const stranger = await seedUser(database.db);
    expect((await listContexts(database.db, { ...stranger, scope: "all" }, { limit: 10 })).rows).toEqual([]);
  });
});
