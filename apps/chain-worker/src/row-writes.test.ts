import { type ChainHarness, createChainHarness, waitFor } from "./testing/harness";

// Every UPDATE of a contexts row, as PostgreSQL runs it: a trigger of this test's own database logs
// each one (which row, the status it leaves, whether it is the claim), in order.
const LOG_WRITES = [
  `CREATE TABLE context_writes (n bigserial, id text, status text, claim boolean)`,
  `CREATE FUNCTION log_context_write() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO context_writes (id, status, claim)
     VALUES (NEW.id, NEW.status::text, OLD.anchor_id IS NULL AND NEW.anchor_id IS NOT NULL);
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER log_context_write AFTER UPDATE ON contexts FOR EACH ROW EXECUTE FUNCTION log_context_write()`,
];

describe("chain worker on anvil, PostgreSQL and Redis: writes of a context row", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    h = await createChainHarness({ env: { BATCH_MAX: "128" } });
    for (const sql of LOG_WRITES) await h.db.$executeRawUnsafe(sql);
    // room on every page for a second version of each row (the default, 100, keeps none: bytes
    // first), so that whether the confirmation is HOT depends on the indexes alone
    await h.db.$executeRawUnsafe("ALTER TABLE contexts SET (fillfactor = 30)");
    await h.startWorker();
  });
  afterAll(() => h.close());

  it("writes each row once, when its batch is confirmed (not at the claim); the transaction and block stay the anchor's", async () => {
    const ids = await h.submit(300);
    await h.waitForStatus(ids);
    const writes = await h.db.$queryRawUnsafe<{ id: string; statuses: string[]; claims: boolean[] }[]>(
      `SELECT id, array_agg(status ORDER BY n) AS statuses, array_agg(claim ORDER BY n) AS claims
       FROM context_writes GROUP BY id`,
    );
    expect(writes).toHaveLength(ids.length);
    for (const w of writes) {
      expect({ id: w.id, statuses: w.statuses, claims: w.claims }).toEqual({
        id: w.id,
        statuses: ["confirmed"],
        claims: [true],
      });
    }
    // several batches, each sent, mined and confirmed
    expect(await h.db.anchor.count({ where: { status: "confirmed" } })).toBeGreaterThanOrEqual(3);
    // no index names a column the confirmation changes: given room on the page, each is a HOT update
    // (a new version on the same page, no index entry), as PostgreSQL's statistics count them
    const stats = await waitFor(
      async () => {
        await h.db.$executeRawUnsafe("SELECT pg_stat_clear_snapshot()");
        const [row] = await h.db.$queryRawUnsafe<{ updates: number; hot: number }[]>(
          `SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
           WHERE relname = 'contexts'`,
        );
        return row && row.updates >= ids.length ? row : undefined;
      },
      { timeout: 15_000, interval: 200, what: "the contexts' updates counted" },
    );
    expect(stats).toEqual({ updates: ids.length, hot: ids.length });
  });
});
