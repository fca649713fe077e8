// Integration: real PostgreSQL (a fresh database). A read by id is one statement: the row as Prisma
// reads it, with the batch it was confirmed in and its proof from the batch's tree.
import { encodeProof } from "@ctxlog/core";
import { confirmAnchor } from "../anchors/confirm-anchor";
import { readAnchorViews } from "../anchors/in-flight-anchors";
import { failAnchor } from "../anchors/track-anchors";
import { claimTestBatch, createTestDatabase, expectedLogProof, seedContexts, seedUser } from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
} from "../testing/anchor-fixtures";
import { readLogIndexes } from "../tlog/read-log";
import { readContextRow, readContextWithAnchor } from "./read-context-row";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_read_context_row_test");
});
afterAll(() => database.drop());

const prismaRow = (id: string) => database.db.context.findUniqueOrThrow({ where: { id } });
/** Its index in the transparency log (wherever it is held), null before the sequencer appended it. */
const logIndexOf = async (id: string) => (await readLogIndexes(database.db, [id])).get(id) ?? null;
/** The log index its tlog_leaves row holds, null when it has none. */
const tlogLeafOf = async (id: string) => {
  const leaf = await database.db.tlogLeaf.findUnique({ where: { id } });
  return leaf === null ? null : Number(leaf.logIndex);
};
/** The row as Prisma reads it, with what no column says: as a pending context shows it. */
const pendingRow = async (id: string) => ({
  ...(await prismaRow(id)),
  status: "pending",
  leafIndex: null,
  logIndex: await logIndexOf(id),
  merkleProof: null,
});

describe("readContextRow", () => {
  it("reads the row exactly as Prisma does, resolving a confirmation and its proof in the same statement", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const reader = { ...owner, scope: "all" as const };
    const ids = await seedContexts(db, owner, { count: 4, signerPrivateKey: SIGNER });
    const [a, b, c, d] = ids as [string, string, string, string];

    // pending, in no batch: the row as stored, field for field and type for type
    expect(await readContextRow(db, reader, d)).toEqual(await pendingRow(d));
    expect(await logIndexOf(d)).toBeNull();

    // confirmed: the row as stored but for its status, batch, leaf and the proof its anchor holds
    const anchorId = (await claimTestBatch(db, TARGET, [a, b, c]))?.anchorId as string;
    // in flight: the row as stored, its batch found by readContextWithAnchor
    expect(await readContextRow(db, reader, b)).toEqual(await pendingRow(b));
    expect((await readContextWithAnchor(db, reader, b, readAnchorViews(db)))?.anchor?.id).toBe(anchorId);
    // sequenced, not yet confirmed: its log index is held in its tlog_leaves row
    const logIndex = await logIndexOf(b);
    expect(logIndex).toEqual(expect.any(Number));
    expect(await tlogLeafOf(b)).toBe(logIndex);
    await markAnchorMined(db, anchorId);
    await confirmAnchor(db, anchorId, BLOCK, 3);
    // the log's tree head: its leaf its log index, its proof the log's inclusion proof
    const { treeSize } = await db.anchor.findUniqueOrThrow({ where: { id: anchorId } });
    const expected = await expectedLogProof(db, b, Number(treeSize));
    expect(await readContextRow(db, reader, b)).toEqual({
      ...(await prismaRow(b)),
      status: "confirmed",
      anchorId,
      leafIndex: expected.leafIndex,
      logIndex: expected.leafIndex,
      merkleProof: new Uint8Array(encodeProof(expected.proof)),
    });
    // confirmed by the tree head: the log index it had, now held as its leaf alone
    expect(expected.leafIndex).toBe(logIndex);
    expect(await tlogLeafOf(b)).toBeNull();
    expect((await db.confirmedContext.findUniqueOrThrow({ where: { id: b } })).leafIndex).toBe(logIndex);
    const withAnchor = await readContextWithAnchor(db, reader, b, readAnchorViews(db));
    expect(withAnchor?.anchor).toMatchObject({ id: anchorId, status: "confirmed" });
  });

  it("a failed context reads as stored; another user's, or one outside the reader's scope, is none", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const [id] = (await seedContexts(db, owner, { count: 1, signerPrivateKey: SIGNER })) as [string];
    const anchorId = (await claimTestBatch(db, TARGET, [id]))?.anchorId as string;
    await failAnchor(db, anchorId, {
      reason: "reverted",
      message: "m",
      details: "d",
      retryPossible: true,
    });
    // failed: still in the log, its index held in its tlog_leaves row
    const logIndex = await tlogLeafOf(id);
    expect(logIndex).toEqual(expect.any(Number));
    expect(await logIndexOf(id)).toBe(logIndex);
    expect(await readContextRow(db, { ...owner, scope: "all" }, id)).toEqual({
      ...(await prismaRow(id)),
      status: "failed",
      leafIndex: null,
      logIndex,
      merkleProof: null,
    });
    expect((await prismaRow(id)).anchorId).toBe(anchorId);

    const stranger = await seedUser(db);
    expect(await readContextRow(db, { ...stranger, scope: "all" }, id)).toBeNull();
    expect(await readContextRow(db, { ...owner, scope: "public" }, id)).toBeNull();
    expect(await readContextRow(db, { ...owner, keyFamilyId: "fam_other", scope: "own" }, id)).toBeNull();
    expect(await readContextRow(db, { ...owner, scope: "own" }, id)).not.toBeNull();
  });
});
