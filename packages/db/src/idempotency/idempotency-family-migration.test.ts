// Integration: real PostgreSQL. The migration that scopes Idempotency-Key records per key family,
// applied to a database holding records written under the previous (per-user) schema.
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";

const MIGRATION = "20261126123759_idempotency_per_key_family";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "idem_family");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

it("gives each stored record the family of the context its response names, and drops the rest", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_a2", familyId: "fam_a" });
  await sql(
    `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, context_data, canonical_json,
       context_hash, signature, signer_address, network, estimated_confirmation, updated_at)
     VALUES ('ctx_1', 'u1', 'key_a2', 'fam_a', 'a', '{}', '{}', '0x', '0x', '0x', 'anvil', now(), now())`,
  );
  const record = (key: string, body: string) =>
    sql(
      `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, response_status, response_body, expires_at)
       VALUES ('u1', $1, 'POST', '/v1/contexts', repeat('ef', 32), 202, $2, now() + interval '1 day')`,
      [key, body],
    );
  await record("K1", JSON.stringify({ context_id: "ctx_1", status: "pending" }));
  await record("K2", JSON.stringify({ context_id: "ctx_gone", status: "pending" }));
  await record("K3", "not json");

  await upgrade.migrateAll();
  const rows = await sql<{ key: string; key_family_id: string }>(
    "SELECT key, key_family_id FROM idempotency_keys ORDER BY key",
  );
  expect(rows).toEqual([{ key: "K1", key_family_id: "fam_a" }]);
  const [pk] = await sql<{ def: string }>(
    "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'idempotency_keys_pkey'",
  );
  expect(pk?.def).toBe("PRIMARY KEY (key_family_id, key)");
});
