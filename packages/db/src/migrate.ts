import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SecretKeyring } from "@ctxlog/core";
import { DATA_STEPS, type DataStep } from "./data-steps";
import { runDataStep } from "./data-steps/run-data-step";
import { withDatabaseName } from "./database";
import { EngineAdapterFactory } from "./migration-engine/adapter";
import { applySchemaMigrations, NO_FILTERS } from "./migration-engine/apply";
import { withSchemaEngine } from "./migration-engine/run";
import { LOCK_FILE_CONTENT, readMigrationsDir, writeMigration } from "./migrations-dir";
import { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH } from "./paths";

export interface MigrationsOptions {
  /** Folder of `<timestamp>_<name>/migration.sql`; the repository's prisma/migrations by default. */
  migrationsDir?: string;
  /** The rewrites in code run between migrations (data-steps/); the repository's by default. */
  dataSteps?: readonly DataStep[];
  /**
   * The apps' secrets keyring, for the data steps that encrypt (sealed_secrets: plaintext webhook
   * secrets written before encryption); without it such a step refuses a database that needs it.
   */
  keyring?: SecretKeyring | null;
}

export interface SchemaDiffOptions extends MigrationsOptions {
  /** The Prisma schema the migrations should produce; the repository's prisma/schema.prisma by default. */
  schemaPath?: string;
}

/**
 * `prisma migrate deploy`, offline: applies the migrations not yet recorded in the database's
 * `_prisma_migrations` table, in name order, under the engine's advisory lock, and returns
 * their names (empty when there was nothing to do). The database must exist (see ensureDatabase).
 * Fails, like migrate deploy, on a failed earlier migration or an edited applied one.
 */
export async function applyMigrations(databaseUrl: string, opts: MigrationsOptions = {}): Promise<string[]> {
  const migrationsList = await readMigrationsDir(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const all = migrationsList.migrationDirectories;
  const applied: string[] = [];
  // each data step right after its migration, before the ones that may rely on it
  for (const step of opts.dataSteps ?? DATA_STEPS) {
    const at = all.findIndex((m) => m.path === step.after);
    if (at < 0) throw new Error(`data step ${step.name} follows ${step.after}, which is not a migration`);
    applied.push(
      ...(await applySchemaMigrations(databaseUrl, {
        ...migrationsList,
        migrationDirectories: all.slice(0, at + 1),
      })),
    );
    await runDataStep(databaseUrl, step, { keyring: opts.keyring ?? null });
  }
  applied.push(...(await applySchemaMigrations(databaseUrl, migrationsList)));
  return applied;
}

/**
 * The SQL that takes a database built by the migrations folder to the Prisma schema: empty when
 * they agree (the drift check), otherwise the body of the next migration. The migrations are
 * replayed in a scratch database created next to `databaseUrl` (only its server and credentials
 * are used; nothing in that database is read or changed) and dropped afterwards.
 */
export async function diffSchemaAgainstMigrations(
  databaseUrl: string,
  opts: SchemaDiffOptions = {},
): Promise<string> {
  const migrationsList = await readMigrationsDir(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  // Without a lock file the engine cannot tell the connector, even for an empty folder; the first
  // createMigration writes one, and this package only speaks PostgreSQL anyway.
  migrationsList.lockfile.content ??= LOCK_FILE_CONTENT;
  const schemaPath = path.resolve(opts.schemaPath ?? DEFAULT_SCHEMA_PATH);
  const schema = [{ path: schemaPath, content: await readFile(schemaPath, "utf8") }];
  // The engine opens its main connection even for a diff that never uses it: give it the
  // maintenance database, which exists on every server, rather than one that may not.
  const factory = new EngineAdapterFactory(withDatabaseName(databaseUrl, "postgres"), databaseUrl);
  const result = await withSchemaEngine(factory, schema, (engine) =>
    engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: schema },
      script: true,
      exitCode: true, // 2 when there is a difference, 0 when there is none
      filters: NO_FILTERS,
    }),
  );
  return result.exitCode === 2 ? (result.stdout ?? "") : "";
}

export interface CreatedMigration {
  /** The folder name, `<UTC timestamp>_<name>`. */
  name: string;
  /** Path of the migration.sql written. */
  file: string;
  sql: string;
}

/**
 * `prisma migrate dev --create-only`, offline: writes the diff between the migrations folder and
 * the schema as a new migration. Returns null, and writes nothing, when there is no difference.
 */
export async function createMigration(
  databaseUrl: string,
  name: string,
  opts: SchemaDiffOptions & { now?: Date } = {},
): Promise<CreatedMigration | null> {
  const migrationsDir = opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const sql = await diffSchemaAgainstMigrations(databaseUrl, { ...opts, migrationsDir });
  if (!sql.trim()) return null;
  const written = await writeMigration(migrationsDir, name, sql, opts.now);
  return { ...written, sql };
}
