// Integration: real PostgreSQL. The data step sealed_secrets and migration
// 20261130020000_secrets_always_sealed, applied to a database holding webhook secrets written as
// plaintext before encryption (a NULL key id: a current secret, a previous one during a rotation, a
// deleted webhook's) beside one already sealed. Without a keyring the upgrade is refused and changes
// nothing; with one every value is sealed, opens to what it was, and a NULL key id can no longer be
// written.
import { randomBytes } from "node:crypto";
import { openSecret, SecretKeyring, sealSecret } from "@ctxlog/core";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { PlaintextSecretsWithoutKeyringError } from "./sealed-secrets";

const MIGRATION = "20261130020000_secrets_always_sealed";
const keyring = SecretKeyring.parse({ key: randomBytes(32).toString("base64"), keyId: "k1" });

let upgrade: UpgradeDatabase;
afterAll(() => upgrade?.drop());

interface Row {
  id: string;
  secret: string;
  secret_key_id: string | null;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
}

const rows = () =>
  upgrade.sql<Row>(
    "SELECT id, secret, secret_key_id, previous_secret, previous_secret_key_id FROM webhooks ORDER BY id",
  );

async function insertWebhook(row: Row & { deleted?: boolean }) {
  await upgrade.sql(
    `INSERT INTO webhooks (id, user_id, url, events, secret, secret_key_id, previous_secret, previous_secret_key_id,
       deleted_at, updated_at)
     VALUES ($1, 'u1', 'https://example.com/hook', '{context.created}', $2, $3, $4, $5, $6, now())`,
    [
      row.id,
      row.secret,
      row.secret_key_id,
      row.previous_secret,
      row.previous_secret_key_id,
      row.deleted ? new Date() : null,
    ],
  );
}

it("refuses plaintext secrets without a keyring, unchanged; with one seals every value to what it was", async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "sealed_secrets");
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const plain = { secret: "whsec_current", previous: "whsec_previous", deleted: "whsec_deleted" };
  const alreadySealed = sealSecret(keyring, "whsec_sealed", "whk_4");
  await insertWebhook({
    id: "whk_1",
    secret: plain.secret,
    secret_key_id: null,
    previous_secret: plain.previous,
    previous_secret_key_id: null,
  });
  await insertWebhook({
    id: "whk_2",
    secret: plain.deleted,
    secret_key_id: null,
    previous_secret: null,
    previous_secret_key_id: null,
    deleted: true,
  });
  // a sealed current secret whose previous one is still plaintext (rotated before encryption)
  const sealedCurrent = sealSecret(keyring, "whsec_rotated", "whk_3");
  await insertWebhook({
    id: "whk_3",
    secret: sealedCurrent.value,
    secret_key_id: sealedCurrent.keyId,
    previous_secret: "whsec_old_plain",
    previous_secret_key_id: null,
  });
  await insertWebhook({
    id: "whk_4",
    secret: alreadySealed.value,
    secret_key_id: alreadySealed.keyId,
    previous_secret: null,
    previous_secret_key_id: null,
  });
  const before = await rows();

  // no keyring: refused, named, nothing written, the step not recorded, the migration not applied
  const refused = upgrade.migrateAll({ keyring: null });
  await expect(refused).rejects.toBeInstanceOf(PlaintextSecretsWithoutKeyringError);
  await expect(refused).rejects.toThrow(
    /3 webhooks keep their signing secret as plaintext.*SECRETS_ENCRYPTION_KEY/,
  );
  expect(await rows()).toEqual(before);
  expect(await upgrade.sql("SELECT name FROM ctxlog_data_steps WHERE name = 'sealed_secrets'")).toEqual([]);
  expect(
    await upgrade.sql("SELECT migration_name FROM _prisma_migrations WHERE migration_name = $1", [MIGRATION]),
  ).toEqual([]);

  // with the apps' keyring: sealed, each bound to its webhook, opening to the same secret
  expect(await upgrade.migrateAll({ keyring })).toContain(MIGRATION);
  const after = await rows();
  const open = (id: string, value: string | null, keyId: string | null) => {
    expect(keyId).toBe("k1");
    return openSecret(keyring, { value: value ?? "", keyId: keyId ?? "" }, id);
  };
  const byId = new Map(after.map((r) => [r.id, r]));
  const r1 = byId.get("whk_1") as Row;
  expect(open("whk_1", r1.secret, r1.secret_key_id)).toBe(plain.secret);
  expect(open("whk_1", r1.previous_secret, r1.previous_secret_key_id)).toBe(plain.previous);
  const r2 = byId.get("whk_2") as Row;
  expect(open("whk_2", r2.secret, r2.secret_key_id)).toBe(plain.deleted);
  expect(r2.previous_secret).toBeNull();
  const r3 = byId.get("whk_3") as Row;
  expect(r3.secret).toBe(sealedCurrent.value); // sealed already: as it was
  expect(open("whk_3", r3.previous_secret, r3.previous_secret_key_id)).toBe("whsec_old_plain");
  expect(byId.get("whk_4")).toEqual(before.find((r) => r.id === "whk_4"));
  expect(JSON.stringify(after)).not.toMatch(/whsec_(current|previous|deleted|old_plain)/);

  // from here a key id is required beside every current secret
  await expect(upgrade.sql("UPDATE webhooks SET secret_key_id = NULL WHERE id = 'whk_4'")).rejects.toThrow(
    /secret_key_id/,
  );
  // and the step, recorded, has nothing left to do on a second run
  expect(await upgrade.migrateAll()).toEqual([]);
});
