import { ENTRIES_LEVEL, readContextStates, readLogIndexes, readStoredTile } from "@ctxlog/db";
import { type ChainHarness, createChainHarness } from "./testing/harness";

// Every UPDATE of a contexts row, as PostgreSQL runs it: a trigger of this test's own database logs
// each one (which row, the status it leaves), in order.
const LOG_WRITES = [
  `CREATE TABLE context_writes (n bigserial, id text, status text)`,
  `CREATE FUNCTION log_context_write() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO context_writes (id, status) VALUES (NEW.id, NEW.status::text);
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER log_context_write AFTER UPDATE ON contexts FOR EACH ROW EXECUTE FUNCTION log_context_write()`,
];

describe("chain worker on anvil, PostgreSQL and Redis: writes of a context row", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    h = await createChainHarness({ env: { BATCH_MAX: "128" } });
    for (const sql of LOG_WRITES) await h.db.$executeRawUnsafe(sql);
    await h.startWorker();
  });
  afterAll(() => h.close());

  it("never rewrites a row: not at the claim, not at the confirmation (its batch and leaf are a confirmed_contexts row)", async () => {
    const ids = await h.submit(300);
    const versions = async () =>
      h.db.$queryRawUnsafe<{ id: string; v: string }[]>(
        `SELECT id, xmin::text AS v FROM contexts WHERE id = ANY($1::text[]) ORDER BY id`,
        ids,
      );
    const before = await versions();
    await h.waitForStatus(ids);
    // several batches, each sent, mined and confirmed
    expect(await h.db.anchor.count({ where: { status: "confirmed" } })).toBeGreaterThanOrEqual(3);
    expect(await h.db.$queryRawUnsafe("SELECT * FROM context_writes")).toEqual([]);
    expect(await versions()).toEqual(before);
    // each one in its batch, at its leaf (its log index: the batch anchors the log's tree head), once
    const placed = await h.db.confirmedContext.findMany({ where: { id: { in: ids } } });
    const logIndexes = await readLogIndexes(h.db, ids);
    expect(placed).toHaveLength(ids.length);
    expect(logIndexes.size).toBe(ids.length);
    // its log index held there alone: the confirmation by the tree head took its tlog_leaves row
    expect(await h.db.tlogLeaf.count({ where: { id: { in: ids } } })).toBe(0);
    // and the log holds its entry at that index: the entry bundle's entry there is its entry hash
    const entryHashes = new Map(
      (
        await h.db.$queryRawUnsafe<{ id: string; entry_hash: Uint8Array }[]>(
          `SELECT id, entry_hash FROM contexts WHERE id = ANY($1::text[])`,
          ids,
        )
      ).map((r) => [r.id, Buffer.from(r.entry_hash)]),
    );
    const bundles = new Map<number, Uint8Array>();
    const loggedEntry = async (index: number) => {
      const n = Math.floor(index / 256);
      if (!bundles.has(n)) bundles.set(n, (await readStoredTile(h.db, ENTRIES_LEVEL, n)) ?? new Uint8Array());
      const own = (index % 256) * 32;
      return Buffer.from((bundles.get(n) as Uint8Array).subarray(own, own + 32));
    };
    const states = await readContextStates(h.db, ids);
    for (const p of placed) {
      const anchor = await h.db.anchor.findUniqueOrThrow({
        where: { ref: p.anchorRef },
        select: { id: true, contextIds: true, treeSize: true },
      });
      expect(states.find((s) => s.id === p.id)).toEqual({
        id: p.id,
        status: "confirmed",
        anchorId: anchor.id,
      });
      expect(anchor.contextIds).toContain(p.id);
      expect(p.leafIndex).toBe(logIndexes.get(p.id));
      expect(p.leafIndex).toBeLessThan(Number(anchor.treeSize));
      expect(await loggedEntry(p.leafIndex)).toEqual(entryHashes.get(p.id));
    }
    // and out of the queue
    expect(await h.db.pendingContext.count({ where: { id: { in: ids } } })).toBe(0);
  });
});
