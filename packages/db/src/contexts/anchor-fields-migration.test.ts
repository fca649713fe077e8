// Integration: real PostgreSQL. The migration that stops copying the anchor's transaction, block,
// gas, depth and confirmation time into every context row, applied to a database holding rows the
// chain worker wrote before it (confirmed, pending in a sent batch, unbatched, failed): each reads
// the same through the readers after it as its own columns said before.
import { buildMerkleTree } from "@ctxlog/core";
import { keccak256, toHex } from "viem";
import { createDb } from "../client";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { getContext } from "./get-context";
import { listContexts } from "./list-contexts";

const MIGRATION = "20261127003000_anchor_fields_read_through";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "anchor_fields");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const TX_A = `0x${"a1".repeat(32)}`;
const TX_B = `0x${"b2".repeat(32)}`;
// 32 bytes each, as the node and the claim give them (migration 20261130031500_anchor_hashes_as_bytes
// stores their bytes)
const BLOCK = `0x${"b1".repeat(32)}`;
const ROOT_3 = `0x${"03".repeat(32)}`;
// real hashes and roots: a later data step (anchor_trees) rebuilds each batch's tree from its leaves
const hashOf = (id: string) => keccak256(toHex(id));
const ROOT_1 = buildMerkleTree([hashOf("ctx_1"), hashOf("ctx_2")]).root;
const CHAIN_FIELDS = `transaction_hash, block_number::text AS block_number, block_timestamp, gas_used::text AS gas_used,
  confirmations, confirmed_at, confirmation_time_seconds, status::text AS status`;

it("moves the chain fields to the anchors without changing what any context reads", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  // a confirmed batch, one still waiting for its block (sent and announced), one that failed
  await sql(
    `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
       status, nonce, transaction_hash, block_number, block_hash, block_timestamp, gas_used, sent_at, mined_at,
       confirmed_at, updated_at)
     VALUES ('anc_1', '0xs', 31337, 'anvil', '0xr', $3, 2, 'confirmed', 0, $1, 42, '${BLOCK}',
       '2026-11-20T10:00:03.000Z', 23850, '2026-11-20T10:00:01Z', '2026-11-20T10:00:03Z',
       '2026-11-20T10:00:07.250Z', now()),
     ('anc_2', '0xs', 31337, 'anvil', '0xr', $4, 1, 'sent', 1, $2, NULL, NULL, NULL, NULL,
       '2026-11-20T10:01:01Z', NULL, NULL, now()),
     ('anc_3', '0xs', 31337, 'anvil', '0xr', '${ROOT_3}', 1, 'failed', NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, now())`,
    [TX_A, TX_B, ROOT_1, hashOf("ctx_3")],
  );
  const insert = (id: string, values: string) =>
    sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, context_data, canonical_json,
         context_hash, signature, signer_address, network, estimated_confirmation, updated_at, created_at,
         status, anchor_id, leaf_index, transaction_hash, block_number, block_timestamp, gas_used,
         confirmations, confirmed_at, confirmation_time_seconds, error_code, error_message, failure_reason,
         retry_possible, failed_at)
       VALUES ('${id}', 'u1', 'key_1', 'fam_1', 'a', '{}', '{}', '${hashOf(id)}', '0x', '0x', 'anvil', now(), now(), ${values})`,
    );
  // as the worker left them: the confirming statement copied the anchor's fields
  await insert(
    "ctx_1",
    `'2026-11-20T10:00:00.100Z', 'confirmed', 'anc_1', 0, '${TX_A}', 42, '2026-11-20T10:00:03.000Z', 23850, 3,
     '2026-11-20T10:00:07.250Z', 7, NULL, NULL, NULL, NULL, NULL`,
  );
  await insert(
    "ctx_2",
    `'2026-11-20T10:00:00.900Z', 'confirmed', 'anc_1', 1, '${TX_A}', 42, '2026-11-20T10:00:03.000Z', 23850, 3,
     '2026-11-20T10:00:07.250Z', 6, NULL, NULL, NULL, NULL, NULL`,
  );
  await insert(
    "ctx_3",
    `'2026-11-20T10:01:00Z', 'pending', 'anc_2', 0, '${TX_B}', NULL, NULL, NULL, 0, NULL, NULL,
     NULL, NULL, NULL, NULL, NULL`,
  );
  await insert(
    "ctx_4",
    `'2026-11-20T10:02:00Z', 'pending', NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL,
     NULL, NULL, NULL, NULL, NULL`,
  );
  await insert(
    "ctx_5",
    `'2026-11-20T10:03:00Z', 'failed', 'anc_3', 0, NULL, NULL, NULL, NULL, 0, NULL, NULL,
     'BLOCKCHAIN_ERROR', 'no funds', 'insufficient_gas', true, '2026-11-20T10:04:00Z'`,
  );
  const old = await sql<Record<string, unknown>>(`SELECT id, ${CHAIN_FIELDS} FROM contexts ORDER BY id`);

  await upgrade.migrateAll();

  const db = createDb(upgrade.url, { poolSize: 1 });
  try {
    const reader = { userId: "u1", keyFamilyId: "fam_1", scope: "all" as const };
    const page = await listContexts(db, reader, { limit: 10 });
    expect(page.rows.map((r) => r.id)).toEqual(["ctx_5", "ctx_4", "ctx_3", "ctx_2", "ctx_1"]);
    for (const was of old) {
      const now = await getContext(db, reader, was.id as string);
      const listed = page.rows.find((r) => r.id === was.id);
      for (const row of [now, listed]) {
        expect({
          id: row?.id,
          transaction_hash: row?.transactionHash,
          block_number: row?.blockNumber === null ? null : String(row?.blockNumber),
          block_timestamp: row?.blockTimestamp,
          gas_used: row?.gasUsed === null ? null : String(row?.gasUsed),
          confirmations: row?.confirmations,
          confirmed_at: row?.confirmedAt,
          confirmation_time_seconds: row?.confirmationTimeSeconds,
          status: row?.status,
        }).toEqual(was);
      }
    }
    // the depth moved to the anchor; the copies are gone from the rows
    expect((await db.anchor.findUniqueOrThrow({ where: { id: "anc_1" } })).confirmations).toBe(3);
    const columns = await sql<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'contexts'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain("transaction_hash");
  } finally {
    await db.$disconnect();
  }
});
