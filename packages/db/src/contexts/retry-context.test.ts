// Integration: real PostgreSQL (a fresh database). A retry moves a failed context whose failure
// allows it back to pending, in one transaction, and answers the row as it now is; anything else
// is refused with the context's status, or not found outside the reader's scope.
import { failAnchor } from "../anchors/track-anchors";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser } from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER, TEST_ANCHOR_TARGET as TARGET } from "../testing/anchor-fixtures";
import { readLogIndexes } from "../tlog/read-log";
import { readContextStates } from "./context-statuses";
import { decodeContextRow, UNANCHORED } from "./context-view";
import { retryContext } from "./retry-context";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_retry_context_test");
});
afterAll(() => database.drop());

async function failedContexts(count: number, retryPossible: boolean) {
  const db = database.db;
  const owner = await seedUser(db);
  const ids = await seedContexts(db, owner, { count, signerPrivateKey: SIGNER });
  const anchorId = (await claimTestBatch(db, TARGET, ids))?.anchorId as string;
  await failAnchor(db, anchorId, { reason: "reverted", message: "m", details: "d", retryPossible });
  return { owner, ids, anchorId };
}

describe("retryContext", () => {
  it("moves a retryable failed context back to pending and answers its row as it now is", async () => {
    const db = database.db;
    const { owner, ids } = await failedContexts(2, true);
    const [id, other] = ids as [string, string];
    // failed, in the log: its index held in its tlog_leaves row
    const logIndex = (await readLogIndexes(db, [id])).get(id);
    expect(logIndex).toEqual(expect.any(Number));
    expect(Number((await db.tlogLeaf.findUniqueOrThrow({ where: { id } })).logIndex)).toBe(logIndex);
    const estimated = new Date(Date.now() + 60_000);
    const result = await retryContext(db, { ...owner, scope: "all" }, id, estimated);

    const stored = await db.context.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({
      anchorId: null,
      failedAt: null,
      errorCode: null,
      errorMessage: null,
      errorDetails: null,
      failureReason: null,
      retryPossible: null,
      estimatedConfirmation: estimated,
    });
    expect(result).toEqual({
      outcome: "retried",
      // out of its batch, still in the transparency log at the index it had
      context: {
        ...decodeContextRow(stored),
        status: "pending",
        leafIndex: null,
        logIndex,
        ...UNANCHORED,
      },
    });
    expect(await db.pendingContext.count({ where: { id } })).toBe(1);
    // pending again: the same index, still held in its tlog_leaves row
    expect((await readLogIndexes(db, [id])).get(id)).toBe(logIndex);
    expect(Number((await db.tlogLeaf.findUniqueOrThrow({ where: { id } })).logIndex)).toBe(logIndex);
    expect((await readContextStates(db, [id, other])).map((s) => s.status)).toEqual(["pending", "failed"]);

    // a second retry finds it pending: refused, nothing changed
    expect(await retryContext(db, { ...owner, scope: "all" }, id, new Date())).toEqual({
      outcome: "not_retryable",
      status: "pending",
      retryPossible: null,
    });
    expect((await db.context.findUniqueOrThrow({ where: { id } })).estimatedConfirmation).toEqual(estimated);
  });

  it("refuses a failure that allows no retry, and finds nothing outside the reader's scope", async () => {
    const db = database.db;
    const { owner, ids, anchorId } = await failedContexts(1, false);
    const id = ids[0] as string;
    expect(await retryContext(db, { ...owner, scope: "all" }, id, new Date())).toEqual({
      outcome: "not_retryable",
      status: "failed",
      retryPossible: false,
    });
    expect((await db.context.findUniqueOrThrow({ where: { id } })).anchorId).toBe(anchorId);

    const stranger = await seedUser(db);
    expect(await retryContext(db, { ...stranger, scope: "all" }, id, new Date())).toEqual({
      outcome: "not_found",
    });
    // seeded contexts are private: a key reading only public ones, or another key family's, sees none
    expect(await retryContext(db, { ...owner, scope: "public" }, id, new Date())).toEqual({
      outcome: "not_found",
    });
    expect(
      await retryContext(db, { ...owner, keyFamilyId: "fam_other", scope: "own" }, id, new Date()),
    ).toEqual({ outcome: "not_found" });
    expect(await retryContext(db, { ...owner, scope: "own" }, id, new Date())).toMatchObject({
      outcome: "not_retryable",
    });
  });
});
