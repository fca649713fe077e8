import { type ChainHarness, createChainHarness } from "./testing/harness";

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
  });
});
