// Integration: real PostgreSQL. The migration that queues pending contexts in pending_contexts (and
// takes status out of contexts' indexes), applied to a database the previous version wrote: a
// context in no batch, one its claim wrote into a batch still in flight, a confirmed one and a failed
// one. After it the queue holds exactly the pending two, each reads as before, the next claim takes
// only the unbatched one, and the batch in flight confirms its row as the old claim left it.
import { createDb } from "../client";
import { getContext } from "../contexts/get-context";
import { readOverview } from "../overview/read-overview";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { confirmAnchor } from "./confirm-anchor";
import { createAnchorBatch } from "./create-anchor-batch";

const MIGRATION = "20261127135342_contexts_pending_queue";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "pending_queue");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const leaf = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const TX = `0x${"c3".repeat(32)}`;
// 32 bytes, as the node gives a block hash (migration 20261130031500_anchor_hashes_as_bytes stores its bytes)
const BLOCK = `0x${"b1".repeat(32)}`;
const OLD_BLOCK = `0x${"b0".repeat(32)}`;

it("queues the pending contexts, and every context reads and anchors as before", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  // a batch the old claim wrote into its rows, sent and mined; a confirmed one; a failed one
  await sql(
    `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
       context_ids, status, nonce, transaction_hash, block_number, block_hash, block_timestamp, gas_used,
       sent_at, mined_at, confirmations, confirmed_at, updated_at)
     VALUES ('anc_live', '0xs', 31337, 'anvil', '0xr', $1, 1, ARRAY['ctx_2'], 'mined', 1, $2, 43, '${BLOCK}',
       now(), 23850, now(), now(), NULL, NULL, now()),
     ('anc_done', '0xs', 31337, 'anvil', '0xr', $3, 1, ARRAY['ctx_3'], 'confirmed', 0, $2, 42, '${OLD_BLOCK}',
       now(), 23850, now(), now(), 3, now(), now()),
     ('anc_fail', '0xs', 31337, 'anvil', '0xr', $4, 1, ARRAY['ctx_4'], 'failed', NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL, NULL, now())`,
    [leaf(2), TX, leaf(3), leaf(4)],
  );
  const insert = (id: string, n: number, rest: string) =>
    sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
         signature, signer_address, network, estimated_confirmation, updated_at, created_at, status, anchor_id,
         leaf_index, merkle_proof, failed_at)
       VALUES ('${id}', 'u1', 'key_1', 'fam_1', 'a', '\\x007b7d', '${leaf(n)}', '0x', '0x', 'anvil', now(), now(),
         '2026-11-27T10:0${n}:00Z', ${rest})`,
    );
  await insert("ctx_1", 1, `'pending', NULL, NULL, NULL, NULL`);
  await insert("ctx_2", 2, `'pending', 'anc_live', 0, '\\x', NULL`);
  await insert("ctx_3", 3, `'confirmed', 'anc_done', 0, '\\x', NULL`);
  await insert("ctx_4", 4, `'failed', 'anc_fail', NULL, NULL, now()`);
  // failed without failed_at (no writer leaves one so; a hand-edited row could)
  await insert("ctx_5", 5, `'failed', 'anc_fail', NULL, NULL, NULL`);

  await upgrade.migrateAll();

  const queued = await sql<{ id: string }>(`SELECT id FROM pending_contexts ORDER BY id`);
  expect(queued.map((r) => r.id)).toEqual(["ctx_1", "ctx_2"]);
  const indexes = await sql<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes WHERE tablename = 'contexts'`,
  );
  for (const { indexdef } of indexes) expect(indexdef).not.toMatch(/status/);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const reader = { userId: "u1", keyFamilyId: "fam_1", scope: "all" as const };
    const statuses = async () =>
      Promise.all(
        ["ctx_1", "ctx_2", "ctx_3", "ctx_4"].map(async (id) => (await getContext(db, reader, id))?.status),
      );
    expect(await statuses()).toEqual(["pending", "pending", "confirmed", "failed"]);
    expect((await getContext(db, reader, "ctx_2"))?.transactionHash).toBe(TX);
    expect((await readOverview(db, "u1", { network: "anvil" })).contextsByStatus).toEqual({
      pending: 2,
      confirmed: 1,
      failed: 2,
    });

    // the next claim takes the unbatched one only
    const target = { signerAddress: "0xs", chainId: 31337, network: "anvil", registryAddress: "0xr" };
    expect((await createAnchorBatch(db, target, { oldest: 10 }))?.contextIds).toEqual(["ctx_1"]);
    // the batch the old claim wrote confirms its row, which leaves the queue
    expect(await confirmAnchor(db, "anc_live", BLOCK, 3)).toEqual({ confirmed: 1 });
    expect(await statuses()).toEqual(["pending", "confirmed", "confirmed", "failed"]);
    expect((await sql<{ id: string }>(`SELECT id FROM pending_contexts`)).map((r) => r.id)).toEqual([
      "ctx_1",
    ]);
  } finally {
    await db.$disconnect();
  }
});
