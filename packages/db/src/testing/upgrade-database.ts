// Test-only: a database as it stood before one migration, for tests that write rows the old way,
// apply the rest of the migrations and check that nothing written before was lost or changed.
import { createHash, randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { idFloor, SecretKeyring } from "@ctxlog/core";
import { Client } from "pg";
import { DATA_STEPS, type DataStep } from "../data-steps";
import { dropDatabase, ensureDatabase, withDatabaseName } from "../database";
import { applyMigrations, type MigrationsOptions } from "../migrate";
import { LOCK_FILE_CONTENT } from "../migrations-dir";
import { DEFAULT_MIGRATIONS_DIR } from "../paths";

const DEFAULT_ADMIN_URL = "postgresql://root@127.0.0.1:5432/postgres";

/** An id of `prefix` minted at `at`, its random part ending in `n`: old rows' ids of a chosen time. */
export const idAt = (prefix: string, at: Date, n: number): string =>
  `${idFloor(prefix, at).slice(0, -1)}${n}`;

/** The keyring upgrade tests migrate with (a fixed test key, id "upgrade"). */
export const UPGRADE_KEYRING = SecretKeyring.parse({ key: "11".repeat(32), keyId: "upgrade" });

export interface UpgradeDatabase {
  url: string;
  /** Applies every migration older than the one under test (the schema the old code wrote to). */
  migrateToBefore(): Promise<void>;
  /**
   * Applies the rest: the migration under test and every later one, with a keyring as a deployment
   * migrates with the apps' (UPGRADE_KEYRING: old rows may hold plaintext webhook secrets, which
   * the data step sealed_secrets seals); `{ keyring: null }` migrates without one.
   */
  migrateAll(opts?: Pick<MigrationsOptions, "keyring">): Promise<string[]>;
  /**
   * Applies the migrations up to `last`, that one included, and the data steps that follow them
   * (with UPGRADE_KEYRING): the schema a data step runs at, where a test can run it again.
   */
  migrateThrough(last: string): Promise<string[]>;
  /** One statement on a fresh connection. */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** A user and one full key of hers (columns every schema since the first has), for old rows. */
  seedOwner(owner: { userId: string; keyId: string; familyId: string }): Promise<void>;
  /**
   * Webhooks of a user, subscribed to context.created, created at `createdAt` (columns every schema
   * since 20261126123844_webhook_secret_key_ids has; the secret a placeholder no test opens).
   */
  seedWebhooks(userId: string, ids: readonly string[], createdAt: Date): Promise<void>;
  /** Drops this database and the temporary migrations folder, and only them. */
  drop(): Promise<void>;
}

/**
 * A temporary migrations folder holding every migration older than `migration` (a folder name of
 * prisma/migrations, e.g. "20261127003000_anchor_fields_read_through"): the schema the old code
 * wrote to. `remove()` deletes the folder.
 */
export function copyMigrationsBefore(
  migration: string,
): Promise<{ dir: string; dataSteps: DataStep[]; remove(): Promise<void> }> {
  return copyMigrations(migration, (name) => name < migration);
}

/** The migrations `keep` names (and the data steps that follow one of them) in a temporary folder. */
async function copyMigrations(migration: string, keep: (name: string) => boolean) {
  if (!/^\d{14}_[a-z0-9_]+$/.test(migration)) throw new Error(`not a migration folder name: ${migration}`);
  const names = await readdir(DEFAULT_MIGRATIONS_DIR);
  if (!names.includes(migration)) throw new Error(`no migration ${migration} in ${DEFAULT_MIGRATIONS_DIR}`);
  const dir = await mkdtemp(path.join(tmpdir(), "ctxlog-migrations-"));
  await writeFile(path.join(dir, "migration_lock.toml"), LOCK_FILE_CONTENT);
  for (const name of names) {
    if (keep(name) && /^\d{14}_/.test(name)) {
      await cp(path.join(DEFAULT_MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
    }
  }
  // the data steps that follow one of these migrations (a later one's is not in the folder)
  const dataSteps = DATA_STEPS.filter((step) => keep(step.after));
  return { dir, dataSteps, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A new, empty database named `ctxlog_test_<label>_<random>` for the upgrade test of `migration`. */
export async function createUpgradeDatabase(migration: string, label: string): Promise<UpgradeDatabase> {
  const before = await copyMigrationsBefore(migration);
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_ADMIN_URL;
  const url = withDatabaseName(adminUrl, `ctxlog_test_${label}_${randomBytes(4).toString("hex")}`);
  await ensureDatabase(url);
  const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    url,
    migrateToBefore: async () => {
      // and the data steps of the releases before it: a step belongs to the release of the
      // migration that follows it (the one that relies on it), so the one right before the
      // migration under test is part of what is tested, and has not run yet
      const all = (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((n) => /^\d{14}_/.test(n)).sort();
      await applyMigrations(url, {
        migrationsDir: before.dir,
        dataSteps: DATA_STEPS.filter((step) => (all.find((n) => n > step.after) ?? migration) < migration),
      });
    },
    migrateAll: (opts = {}) => applyMigrations(url, { keyring: UPGRADE_KEYRING, ...opts }),
    migrateThrough: async (last) => {
      const through = await copyMigrations(last, (name) => name <= last);
      try {
        return await applyMigrations(url, {
          migrationsDir: through.dir,
          dataSteps: through.dataSteps,
          keyring: UPGRADE_KEYRING,
        });
      } finally {
        await through.remove();
      }
    },
    sql,
    async seedOwner({ userId, keyId, familyId }) {
      await sql(`INSERT INTO users (id) VALUES ($1)`, [userId]);
      // a SHA-256, as hex text before 20261130040000_token_hashes_as_bytes and as its bytes after
      const [column] = await sql<{ data_type: string }>(
        `SELECT data_type FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = 'api_keys' AND column_name = 'hash'`,
      );
      const hash = createHash("sha256").update(keyId).digest();
      await sql(
        `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id)
         VALUES ($1, $2, 'full', $3, 'sk_', $4)`,
        [keyId, userId, column?.data_type === "bytea" ? hash : hash.toString("hex"), familyId],
      );
    },
    async seedWebhooks(userId, ids, createdAt) {
      for (const id of ids)
        await sql(
          `INSERT INTO webhooks (id, user_id, url, events, secret, secret_key_id, created_at, updated_at)
           VALUES ($1, $2, 'https://example.com/h', '{context.created}', 'sealed', 'k', $3, $3)`,
          [id, userId, createdAt],
        );
    },
    drop: async () => {
      await dropDatabase(url);
      await before.remove();
    },
  };
}
