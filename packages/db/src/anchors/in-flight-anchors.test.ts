// Integration: real PostgreSQL (a fresh database). A claim writes no context row: a batch in flight
// holds its contexts by its context_ids, and every reader finds it there — the transaction once the
// batch is out, the leaf index and proof for an export — until the batch ends and the row names it.
import { ANCHOR_OMIT } from "../contexts/context-view";
import { getContext } from "../contexts/get-context";
import { listContexts } from "../contexts/list-contexts";
import { retryContext } from "../contexts/retry-context";
import { bytesOfHex, withAnchorHexColumns } from "../hex-columns";
import {
  claimTestBatch,
  createTestDatabase,
  expectedLogProof,
  proofReachesRoot,
  readContext,
  seedContexts,
  seedUser,
} from "../testing";
import {
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
  TEST_TX_HASH as TX,
} from "../testing/anchor-fixtures";
import { findAnchorIdOf } from "../testing/anchor-of-context";
import { findAnchoredContexts, findContextByHash } from "../verifications/find-anchored-contexts";
import { placeInFlight, readAnchorFields, readAnchorViews } from "./in-flight-anchors";
import { failAnchor } from "./track-anchors";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_in_flight_test");
});
afterAll(() => database.drop());

async function seeded(count: number) {
  const owner = await seedUser(database.db);
  const ids = await seedContexts(database.db, owner, { count, signerPrivateKey: SIGNER });
  return { owner, reader: { ...owner, scope: "all" as const }, ids };
}

/** The row's own version (xmin): unchanged while nothing writes the row. */
const versionOf = async (id: string) =>
  (await database.db.$queryRaw<{ v: string }[]>`SELECT xmin::text AS v FROM contexts WHERE id = ${id}`)[0]?.v;

const markSent = (anchorId: string) =>
  database.db.anchor.update({
    where: { id: anchorId },
    data: { status: "sent", transactionHash: bytesOfHex(TX), sentAt: new Date() },
  });

describe("batches in flight", () => {
  it("a claim writes no row; the next claim skips the batch's contexts and takes the rest", async () => {
    const db = database.db;
    const { ids } = await seeded(3);
    const [a, b, c] = ids as [string, string, string];
    const before = await Promise.all(ids.map(versionOf));
    const first = await claimTestBatch(db, TARGET, [a, b]);
    expect(first?.contextIds).toEqual([a, b]);
    expect(await Promise.all(ids.map(versionOf))).toEqual(before);
    expect((await readContext(db, a)).anchorId).toBeNull();
    expect(await findAnchorIdOf(db, a)).toBe(first?.anchorId);
    expect(await findAnchorIdOf(db, c)).toBeNull();

    // named again (a job retried), or the oldest: only c is left
    expect(await claimTestBatch(db, TARGET, [a, b])).toBeNull();
    const second = await claimTestBatch(db, TARGET, { oldest: 100 });
    expect(second?.contextIds).toEqual([c]);
  });

  it("readers show a batch's transaction once it is out, before any row names the batch", async () => {
    const db = database.db;
    const { reader, ids } = await seeded(2);
    const [a, b] = ids as [string, string];
    const batch = await claimTestBatch(db, TARGET, [a]);
    const anchorId = batch?.anchorId as string;
    // queued: nothing of a transaction yet
    expect((await getContext(db, reader, a))?.transactionHash).toBeNull();

    await markSent(anchorId);
    expect(await getContext(db, reader, a)).toMatchObject({
      status: "pending",
      anchorId: null,
      transactionHash: TX,
    });
    expect((await getContext(db, reader, b))?.transactionHash).toBeNull();
    const page = await listContexts(db, reader, { limit: 10 });
    const shown = new Map(page.rows.map((r) => [r.id, r.transactionHash]));
    expect(shown.get(a)).toBe(TX);
    expect(shown.get(b)).toBeNull();

    // verification by data and transaction finds it in its batch in flight
    const { contextHash } = await readContext(db, a);
    const found = await findAnchoredContexts(db, reader, contextHash, TX);
    expect(found.map((r) => r.id)).toEqual([a]);
    expect(found[0]?.anchor?.id).toBe(anchorId);
    expect(await findAnchoredContexts(db, reader, contextHash, `0x${"cd".repeat(32)}`)).toEqual([]);
    expect(await findContextByHash(db, reader, contextHash)).toMatchObject({ id: a, transactionHash: TX });

    // another user's reader sees none of it
    const stranger = { ...(await seedUser(db)), scope: "all" as const };
    expect(await getContext(db, stranger, a)).toBeNull();
    expect(await findAnchoredContexts(db, stranger, contextHash, TX)).toEqual([]);
  });

  it("places each context of a batch in flight in the log: leaf index and a proof of the anchor's root", async () => {
    const db = database.db;
    const { ids } = await seeded(5);
    const batch = await claimTestBatch(db, TARGET, ids);
    const anchorId = batch?.anchorId as string;
    const placed = await placeInFlight(db, new Map(ids.map((id) => [id, anchorId])));
    expect([...placed.keys()].sort()).toEqual([...(batch?.contextIds ?? [])].sort());
    // only the rows asked for
    expect([...(await placeInFlight(db, new Map([[ids[2] as string, anchorId]]))).keys()]).toEqual([ids[2]]);
    for (const [id, { leafIndex, merkleProof }] of placed) {
      const row = await readContext(db, id);
      expect({ leafIndex, merkleProof }).toEqual({
        leafIndex: (await expectedLogProof(db, id, batch?.treeSize as number)).leafIndex,
        merkleProof: (await expectedLogProof(db, id, batch?.treeSize as number)).proof,
      });
      const placedRow = { ...row, leafIndex, merkleProof };
      expect(proofReachesRoot(placedRow, batch?.merkleRoot as string, batch?.treeSize ?? null)).toBe(true);
    }
  });

  it("a failed batch names itself on its rows; a retried context leaves it and is claimed anew", async () => {
    const db = database.db;
    const { reader, ids } = await seeded(2);
    const [a, b] = ids as [string, string];
    const batch = await claimTestBatch(db, TARGET, [a, b]);
    const anchorId = batch?.anchorId as string;
    await markSent(anchorId);
    await failAnchor(db, anchorId, {
      reason: "reverted",
      message: "the anchor transaction reverted",
      details: "test",
      retryPossible: true,
    });
    expect(await getContext(db, reader, a)).toMatchObject({
      status: "failed",
      anchorId,
      transactionHash: TX,
    });

    const retried = await retryContext(db, reader, a, new Date(Date.now() + 5_000));
    expect(retried.outcome).toBe("retried");
    expect(await getContext(db, reader, a)).toMatchObject({
      status: "pending",
      anchorId: null,
      transactionHash: null,
    });
    const again = await claimTestBatch(db, TARGET, [a, b]);
    expect(again?.contextIds).toEqual([a]);
    expect(await findAnchorIdOf(db, b)).toBe(anchorId);
  });

  it("readers keep confirmed anchors in memory, never one still in flight (its transaction changes)", async () => {
    const db = database.db;
    const { ids } = await seeded(1);
    const anchorId = (await claimTestBatch(db, TARGET, ids))?.anchorId as string;
    const read = readAnchorViews(db);
    await markSent(anchorId);
    expect((await read([anchorId]))[0]?.transactionHash).toBe(TX);
    const replaced = `0x${"cd".repeat(32)}`;
    await db.anchor.update({ where: { id: anchorId }, data: { transactionHash: bytesOfHex(replaced) } });
    expect((await read([anchorId]))[0]?.transactionHash).toBe(replaced);
    // confirmed: read once, then served from memory (a confirmed anchor never changes)
    await db.anchor.update({
      where: { id: anchorId },
      data: { status: "confirmed", confirmedAt: new Date() },
    });
    expect((await read([anchorId]))[0]?.status).toBe("confirmed");
    await db.$executeRaw`UPDATE anchors SET network = 'changed behind its back' WHERE id = ${anchorId}`;
    expect((await readAnchorViews(db)([anchorId]))[0]?.network).toBe("anvil");
    expect((await readAnchorFields(db)([anchorId]))[0]).toMatchObject({
      id: anchorId,
      transactionHash: replaced,
    });
  });

  it("reads an anchor as Prisma's model shows it, but its context ids and tree (every column, int8 and numeric exact)", async () => {
    const db = database.db;
    const { ids } = await seeded(2);
    const anchorId = (await claimTestBatch(db, TARGET, ids))?.anchorId as string;
    await db.$executeRaw`
      UPDATE anchors SET nonce = 3, transaction_hash = ${bytesOfHex(TX)}, sent_at = now(), block_number = 9007199254740993,
        block_hash = ${bytesOfHex(TX)}, block_timestamp = now(), gas_used = 9007199254740995,
        effective_gas_price = 123456789012345678901234567890, confirmations = 4, send_attempts = 2,
        first_error_at = now(), last_error = 'e', failure_reason = 'r', mined_at = now()
       WHERE id = ${anchorId}`;
    const [view] = await readAnchorViews(db)([anchorId]);
    expect(view).toEqual(
      withAnchorHexColumns(await db.anchor.findUniqueOrThrow({ where: { id: anchorId }, omit: ANCHOR_OMIT })),
    );
    expect([view?.transactionHash, view?.blockHash]).toEqual([TX, TX]);
    expect(view?.blockNumber).toBe(9007199254740993n);
    expect(view?.effectiveGasPrice?.toFixed()).toBe("123456789012345678901234567890");
  });
});
