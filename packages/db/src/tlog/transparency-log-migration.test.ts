// Integration: real PostgreSQL. The migration that adds the transparency log's tables, applied to a
// database the previous version wrote: every context chained before it (with an entry hash) waits
// in the log's queue, by id; a context logged before logs were chained (none) is not in the log.
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";

const MIGRATION = "20261130041500_transparency_log";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "tlog");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const hash = (n: number) => Buffer.alloc(32, n);

it("queues every chained context for the sequencer, and only those", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const insert = (id: string, n: number, chained: boolean) =>
    sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
         signature, signer_address, network, estimated_confirmation, updated_at, created_at, sequence,
         prev_entry_hash, entry_hash)
       VALUES ($1, 'u1', 'key_1', 'fam_1', 'a', '\\x007b7d', $2, '\\x00', '0x', 'anvil', now(), now(), now(),
         $3, $4, $5)`,
      [id, hash(n), chained ? n : null, chained ? hash(0) : null, chained ? hash(100 + n) : null],
    );
  await insert("ctx_3", 3, true);
  await insert("ctx_1", 1, true);
  await insert("ctx_2", 2, false);

  await upgrade.migrateAll();

  const queued = await sql<{ id: string }>("SELECT id FROM tlog_queue ORDER BY id");
  expect(queued.map((r) => r.id)).toEqual(["ctx_1", "ctx_3"]);
  for (const table of ["tlog_leaves", "tlog_tiles", "tlog_checkpoints", "tlog_keys"]) {
    expect(await sql(`SELECT 1 FROM ${table}`)).toEqual([]);
  }
});
