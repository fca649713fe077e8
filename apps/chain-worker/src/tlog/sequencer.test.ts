// The transparency log's sequencer on real PostgreSQL: contexts written as the API writes them are
// appended by id, with their log indexes, tiles and a signed checkpoint, in one transaction; two
// sequencers at once make one log (no leaf twice, none skipped); a failure mid-append writes nothing.
import { ANVIL_DEV_KEYS } from "@ctxlog/contracts/anvil";
import {
  buildTile,
  formatVerifierKey,
  hashAtFromTiles,
  leafHash,
  MemoryTree,
  newTiles,
  noteVerifier,
  openCheckpoint,
  parseSignerKey,
  parseVerifierKey,
  proveConsistency,
  proveInclusion,
  type Tile,
  treeHash,
  verifyConsistency,
  verifyInclusion,
} from "@ctxlog/core";
import {
  appendToLog,
  createDb,
  ENTRIES_LEVEL,
  growTree,
  readLatestCheckpoint,
  readLogIndexes,
  readLogVerifierKey,
  readStoredTile,
  tilesNeeded,
} from "@ctxlog/db";
import { createTestDatabase, seedContexts, seedUser, type TestDatabase } from "@ctxlog/db/testing";
import pino from "pino";
import { DEVELOPMENT_TLOG_SIGNING_KEY } from "../env";
import { createChainMetrics } from "../metrics";
import { Sequencer } from "./sequencer";

const ORIGIN = "localhost/ctxlog-dev-tlog";
const SIGNER = ANVIL_DEV_KEYS[1] as `0x${string}`;
const logKey = parseSignerKey(DEVELOPMENT_TLOG_SIGNING_KEY);
const verifierKey = formatVerifierKey(logKey);
const logVerifier = parseVerifierKey(verifierKey);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_tlog_seq_test");
});
afterAll(() => database.drop());

const sequencerOn = (db = database.db, maxPerCheckpoint?: number) => {
  const metrics = createChainMetrics();
  const sequencer = new Sequencer(
    db,
    { signingKey: DEVELOPMENT_TLOG_SIGNING_KEY, origin: ORIGIN, maxPerCheckpoint },
    pino({ level: "silent" }),
    metrics,
  );
  return { sequencer, metrics };
};

/** Every leaf as the log should hold it: every chained context, by log index (entry hashes). */
async function leavesInLogOrder(db = database.db) {
  return db.$queryRaw<{ id: string; log_index: bigint; entry_hash: Uint8Array }[]>`
    SELECT l.id, l.log_index, c.entry_hash FROM tlog_leaves AS l JOIN contexts AS c ON c.id = l.id
     ORDER BY l.log_index`;
}

async function storedTile(tile: Tile): Promise<Uint8Array> {
  const bytes = await readStoredTile(database.db, tile.level, tile.index);
  if (!bytes) throw new Error(`no tile ${tile.level}/${tile.index}`);
  return bytes.subarray(0, tile.width * 32);
}

describe("the sequencer", () => {
  it("appends chained contexts by id with their indexes, tiles and a signed checkpoint; grows it consistently", async () => {
    const owner = await seedUser(database.db);
    const first = await seedContexts(database.db, owner, { count: 300, signerPrivateKey: SIGNER });
    const { sequencer, metrics } = sequencerOn();
    await sequencer.start();
    expect(await readLogVerifierKey(database.db)).toBe(verifierKey);

    expect(await sequencer.tick()).toEqual({ appended: 300, size: 300 });
    const checkpoint = await readLatestCheckpoint(database.db);
    expect(checkpoint?.size).toBe(300);
    const opened = openCheckpoint(checkpoint?.note ?? "", { origin: ORIGIN, key: logVerifier });
    expect(opened.checkpoint.size).toBe(300);

    const leaves = await leavesInLogOrder();
    expect(leaves.map((l) => l.id)).toEqual([...first].sort());
    expect(leaves.map((l) => Number(l.log_index))).toEqual(leaves.map((_, i) => i));
    const tree = MemoryTree.fromLeaves(leaves.map((l) => new Uint8Array(l.entry_hash)));
    expect(Buffer.from(opened.checkpoint.rootHash)).toEqual(Buffer.from(rootOf(tree)));
    for (const tile of newTiles(0, 300)) {
      expect(Buffer.from(await storedTile(tile))).toEqual(Buffer.from(buildTile(tile, tree.hashAt)));
    }
    // the entries beside tile 0/000: the entry hashes, in log order
    const entries = await readStoredTile(database.db, ENTRIES_LEVEL, 1);
    expect(Buffer.from(entries ?? [])).toEqual(Buffer.concat(leaves.slice(256).map((l) => l.entry_hash)));
    expect((await readLogIndexes(database.db, [leaves[7]?.id ?? ""])).get(leaves[7]?.id ?? "")).toBe(7);
    expect(await metrics.registry.getSingleMetricAsString("tlog_tree_size")).toMatch(/tlog_tree_size 300/);

    // nothing queued: no new checkpoint
    expect(await sequencer.tick()).toEqual({ appended: 0, size: 300 });

    await seedContexts(database.db, owner, { count: 70, signerPrivateKey: SIGNER });
    expect(await sequencer.tick()).toEqual({ appended: 70, size: 370 });
    const grown = await leavesInLogOrder();
    expect(grown.slice(0, 300).map((l) => l.id)).toEqual(leaves.map((l) => l.id));
    const bigger = MemoryTree.fromLeaves(grown.map((l) => new Uint8Array(l.entry_hash)));
    const latest = openCheckpoint((await readLatestCheckpoint(database.db))?.note ?? "", {
      origin: ORIGIN,
      key: logVerifier,
    });
    expect(Buffer.from(latest.checkpoint.rootHash)).toEqual(Buffer.from(rootOf(bigger)));

    // proofs read from the stored tiles alone hold against both checkpoints
    const tiles = new Map<string, Uint8Array>();
    for (const tile of [...newTiles(0, 370)])
      tiles.set(`${tile.level}/${tile.index}`, await storedTile(tile));
    const fromTiles = hashAtFromTiles(370, (t) =>
      (tiles.get(`${t.level}/${t.index}`) ?? new Uint8Array()).subarray(0, t.width * 32),
    );
    const consistency = proveConsistency(300, 370, fromTiles);
    expect(() =>
      verifyConsistency(300, 370, opened.checkpoint.rootHash, latest.checkpoint.rootHash, consistency),
    ).not.toThrow();
    const index = 299;
    const leaf = leafHash(new Uint8Array(grown[index]?.entry_hash ?? []));
    const proof = proveInclusion(index, 370, fromTiles);
    expect(() => verifyInclusion(index, 370, leaf, proof, latest.checkpoint.rootHash)).not.toThrow();
    // every checkpoint is kept
    const sizes = await database.db.$queryRaw<
      { size: bigint }[]
    >`SELECT size FROM tlog_checkpoints ORDER BY size`;
    expect(sizes.map((s) => Number(s.size))).toEqual([300, 370]);
    expect(noteVerifier(verifierKey).name).toBe(ORIGIN);
  });

  it("two sequencers at once make one log: every context once, none skipped", async () => {
    const other = createDb(database.url, { poolSize: 4 });
    try {
      const a = sequencerOn(database.db, 7).sequencer;
      const b = sequencerOn(other, 5).sequencer;
      const owner = await seedUser(database.db);
      let writing = true;
      const writes = (async () => {
        for (let i = 0; i < 12; i++)
          await seedContexts(database.db, owner, { count: 9, signerPrivateKey: SIGNER });
        writing = false;
      })();
      const turns = async (s: Sequencer) => {
        while (writing) await s.tick();
        await s.tick();
      };
      await Promise.all([writes, turns(a), turns(b)]);
      await a.tick();

      const leaves = await leavesInLogOrder();
      const chained = await database.db.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM contexts WHERE entry_hash IS NOT NULL`;
      expect(leaves.length).toBe(Number(chained[0]?.n));
      expect(new Set(leaves.map((l) => l.id)).size).toBe(leaves.length);
      expect(leaves.map((l) => Number(l.log_index))).toEqual(leaves.map((_, i) => i));
      const queued = await database.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM tlog_queue`;
      expect(Number(queued[0]?.n)).toBe(0);
      const checkpoint = await readLatestCheckpoint(database.db);
      const opened = openCheckpoint(checkpoint?.note ?? "", { origin: ORIGIN, key: logVerifier });
      const tree = MemoryTree.fromLeaves(leaves.map((l) => new Uint8Array(l.entry_hash)));
      expect(opened.checkpoint.size).toBe(leaves.length);
      expect(Buffer.from(opened.checkpoint.rootHash)).toEqual(Buffer.from(rootOf(tree)));
    } finally {
      await other.$disconnect();
    }
  });

  it("a failure mid-append (after the leaves and tiles are written) leaves nothing written and the queue whole", async () => {
    const owner = await seedUser(database.db);
    await seedContexts(database.db, owner, { count: 3, signerPrivateKey: SIGNER });
    const before = await readLatestCheckpoint(database.db);
    const size = before?.size ?? 0;
    // a checkpoint already stored at the size this append reaches: its INSERT, the transaction's
    // last statement, fails
    await database.db
      .$executeRaw`INSERT INTO tlog_checkpoints (size, note) VALUES (${size + 3}, 'in the way')`;
    const signer = sequencerOn();
    const grow = (input: Parameters<typeof growTree>[0]) =>
      growTree(input, ORIGIN, { name: logKey.name, keyId: logKey.keyId, sign: () => new Uint8Array(64) });
    await expect(appendToLog(database.db, { limit: 100, tilesNeeded, grow })).rejects.toThrow();
    await database.db.$executeRaw`DELETE FROM tlog_checkpoints WHERE note = 'in the way'`;
    expect((await readLatestCheckpoint(database.db))?.size).toBe(size);
    expect((await leavesInLogOrder()).length).toBe(size);

    expect(await signer.sequencer.tick()).toEqual({ appended: 3, size: size + 3 });
    const leaves = await leavesInLogOrder();
    const opened = openCheckpoint((await readLatestCheckpoint(database.db))?.note ?? "", {
      origin: ORIGIN,
      key: logVerifier,
    });
    expect(Buffer.from(opened.checkpoint.rootHash)).toEqual(
      Buffer.from(rootOf(MemoryTree.fromLeaves(leaves.map((l) => new Uint8Array(l.entry_hash))))),
    );
  });
});

function rootOf(tree: MemoryTree): Uint8Array {
  return treeHash(tree.size, tree.hashAt);
}
