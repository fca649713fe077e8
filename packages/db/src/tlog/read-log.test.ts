// Integration: real PostgreSQL. The log's statements around the sequencer: contexts written as the
// API writes them are queued for the log when chained; the readers of checkpoints, tiles, indexes
// and the published key answer what a turn of appendToLog wrote (here with stand-in tiles and
// note: the formats are the chain worker's, tested there).
import { createTestDatabase, seedContexts, seedUser, type TestDatabase } from "../testing";
import {
  publishLogVerifierKey,
  readCheckpointAt,
  readLatestCheckpoint,
  readLogIndexes,
  readLogVerifierKey,
  readStoredTile,
} from "./read-log";
import { appendToLog, ENTRIES_LEVEL, SEQUENCER_LOCK_KEY } from "./sequence-log";

const SIGNER = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_tlog_read_test");
});
afterAll(() => database.drop());

it("queues chained contexts as they are written; a turn gives them indexes, tiles and a checkpoint", async () => {
  const db = database.db;
  expect(await readLatestCheckpoint(db)).toBeNull();
  expect(await readLogVerifierKey(db)).toBeNull();
  const owner = await seedUser(db);
  const ids = await seedContexts(db, owner, { count: 3, signerPrivateKey: SIGNER });
  const queued = await db.tlogQueued.findMany({ orderBy: { id: "asc" } });
  expect(queued.map((q) => q.id)).toEqual([...ids].sort());

  const seen: { oldSize: number; count: number }[] = [];
  const result = await appendToLog(db, {
    limit: 2,
    tilesNeeded: () => [{ level: 0, index: 0 }],
    grow: ({ oldSize, entries, readTile }) => {
      seen.push({ oldSize, count: entries.length });
      expect(readTile(0, 0)).toBeUndefined();
      return {
        tiles: [
          { level: 0, index: 0, hashes: new Uint8Array(64).fill(7) },
          { level: ENTRIES_LEVEL, index: 0, hashes: Buffer.concat(entries.map((e) => e.entryHash)) },
        ],
        note: "stand-in note\n",
      };
    },
  });
  const sorted = [...ids].sort();
  expect(result).toEqual({ status: "appended", oldSize: 0, size: 2, ids: sorted.slice(0, 2) });
  expect(seen).toEqual([{ oldSize: 0, count: 2 }]);
  expect(await readLatestCheckpoint(db)).toMatchObject({ size: 2, note: "stand-in note\n" });
  expect(await readCheckpointAt(db, 2)).toMatchObject({ size: 2 });
  expect(await readCheckpointAt(db, 1)).toBeNull();
  expect(Buffer.from((await readStoredTile(db, 0, 0)) ?? [])).toEqual(Buffer.alloc(64, 7));
  expect(await readStoredTile(db, 0, 1)).toBeNull();
  expect(await readLogIndexes(db, ids)).toEqual(
    new Map([
      [sorted[0], 0],
      [sorted[1], 1],
    ]),
  );
  expect((await db.tlogQueued.findMany()).map((q) => q.id)).toEqual([sorted[2]]);

  await publishLogVerifierKey(db, "example.test+00000000+AQ==");
  await publishLogVerifierKey(db, "example.test+00000000+AQ==");
  expect(await readLogVerifierKey(db)).toBe("example.test+00000000+AQ==");
});

it("skips its turn while another transaction holds the sequencer's lock", async () => {
  const db = database.db;
  let release = () => {};
  let locked = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${SEQUENCER_LOCK_KEY}::bigint)`;
      locked();
      await held;
    },
    { timeout: 60_000 },
  );
  await lockTaken;
  try {
    const grow = () => {
      throw new Error("not called");
    };
    expect(await appendToLog(db, { limit: 10, tilesNeeded: () => [], grow })).toEqual({ status: "busy" });
  } finally {
    release();
    await holder;
  }
});
