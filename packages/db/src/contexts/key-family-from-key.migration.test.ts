// Integration: real PostgreSQL. The migration that reads a context's key family from its key
// (20261201060000_contexts_key_family_from_their_key: contexts.key_family_id dropped), applied to
// contexts written before by two families of one user, one family's keys rolled once (two keys).
// After it a reader restricted to its own family sees every context of its family's keys and none
// of the other's, a reader of public contexts the public ones, a reader of all every one; a family
// no key has sees nothing. A row whose family is not its key's stops the upgrade, naming it.
import { createDb } from "../client";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { listContexts } from "./list-contexts";
import type { ContextReader } from "./reader-scope";

const MIGRATION = "20261201060000_contexts_key_family_from_their_key";
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

async function seedOlder(label: string) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_a1", familyId: "fam_a" });
  await upgrade.sql(
    `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id)
     VALUES ('key_a2', 'u1', 'full', '\\x02', 'sk_', 'fam_a'), ('key_b1', 'u1', 'full', '\\x03', 'sk_', 'fam_b')`,
  );
  // [id, key, family, visibility]: ids time-ordered, so a page lists them newest first
  const rows = [
    ["ctx_01KAA0000000000000000000A1", "key_a1", "fam_a", "private"],
    ["ctx_01KAA0000000000000000000A2", "key_a2", "fam_a", "public"],
    ["ctx_01KAA0000000000000000000B1", "key_b1", "fam_b", "private"],
    ["ctx_01KAA0000000000000000000B2", "key_b1", "fam_b", "public"],
  ] as const;
  for (const [id, key, family, visibility] of rows) {
    await upgrade.sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, visibility, canonical_data,
         context_hash, signature, signer_address, network, estimated_confirmation, created_at)
       VALUES ($1, 'u1', $2, $3, 'agent', $4::"Visibility", '\\x007b7d', $5, '\\x00', '0x', 'anvil', now(), now())`,
      [id, key, family, visibility, Buffer.alloc(32, rows.findIndex((r) => r[0] === id) + 1)],
    );
    await upgrade.sql("INSERT INTO pending_contexts (id, user_id) VALUES ($1, 'u1')", [id]);
  }
  return { upgrade, ids: rows.map((r) => r[0]) };
}

it("lets a reader restricted to its key family see its family's contexts, by their keys", async () => {
  const { upgrade, ids } = await seedOlder("key_family");
  const [a1, a2, b1, b2] = ids;
  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  const column = await upgrade.sql(
    "SELECT 1 FROM information_schema.columns WHERE table_name = 'contexts' AND column_name = 'key_family_id'",
  );
  expect(column).toEqual([]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const seen = async (reader: Omit<ContextReader, "userId">) =>
      (await listContexts(db, { userId: "u1", ...reader }, { limit: 10 })).rows.map((c) => c.id);
    expect(await seen({ keyFamilyId: "fam_a", scope: "own" })).toEqual([a2, a1]); // both of its keys'
    expect(await seen({ keyFamilyId: "fam_b", scope: "own" })).toEqual([b2, b1]);
    expect(await seen({ keyFamilyId: "fam_a", scope: "public" })).toEqual([b2, a2]);
    expect(await seen({ keyFamilyId: "fam_a", scope: "all" })).toEqual([b2, b1, a2, a1]);
    // a family no key has sees nothing (never everything)
    expect(await seen({ keyFamilyId: "fam_none", scope: "own" })).toEqual([]);
    // another user's reader sees none of them
    expect(
      (await listContexts(db, { userId: "u2", keyFamilyId: "fam_a", scope: "all" }, { limit: 10 })).rows,
    ).toEqual([]);
  } finally {
    await db.$disconnect();
  }
});

it("refuses, naming the context, when a row's key family is not its key's", async () => {
  const { upgrade, ids } = await seedOlder("key_family_differs");
  await upgrade.sql("UPDATE contexts SET key_family_id = 'fam_b' WHERE id = $1", [ids[0]]);
  await expect(upgrade.migrateAll()).rejects.toThrow(
    new RegExp(`context ${ids[0]} has a key family other than its key's`),
  );
  const column = await upgrade.sql(
    "SELECT 1 FROM information_schema.columns WHERE table_name = 'contexts' AND column_name = 'key_family_id'",
  );
  expect(column).toHaveLength(1);
});
