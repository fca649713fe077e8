// Test-only helpers, reached as `@ctxlog/db/testing`; index.ts does not export them so that no
// production import path loads them.
import { randomBytes } from "node:crypto";
import { createDb, type Db } from "./client";
import { dropDatabase, quoteIdentifier, withDatabaseName, withMaintenanceClient } from "./database";
import { loadSchemaEngine } from "./engine/wasm";
import { applyMigrations, type MigrationsOptions } from "./migrate";

export const DEFAULT_TEST_DATABASE_ADMIN_URL = "postgresql://root@127.0.0.1:5432/postgres";

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** A client on it (small pool). */
  db: Db;
  /** Disconnects `db` and drops this database, and only it. Safe to call twice. */
  drop(): Promise<void>;
}

/**
 * A new, uniquely named database with every migration applied, on the server of
 * TEST_DATABASE_ADMIN_URL. Call once per test file and `drop()` it in afterAll.
 */
export async function createTestDatabase(
  prefix = "ctxlog_test",
  opts: MigrationsOptions & { poolSize?: number } = {},
): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(prefix)) {
    throw new Error(`test database prefix must be 1-40 of [a-z0-9_], not starting with a digit: ${prefix}`);
  }
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL;
  // time first, so leftovers of crashed runs sort by age; random part for parallel jest workers
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const url = withDatabaseName(adminUrl, name);
  // CREATE DATABASE is ~200 ms of server work; compile the engine's wasm (~90 ms, once) meanwhile.
  // Its failure, if any, resurfaces in applyMigrations below.
  const warming = loadSchemaEngine().catch(() => {});
  await withMaintenanceClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  await warming;
  try {
    await applyMigrations(url, opts);
  } catch (error) {
    await dropDatabase(url).catch(() => {});
    throw error;
  }
  const db = createDb(url, { poolSize: opts.poolSize ?? 5 });
  let dropping: Promise<void> | undefined;
  const drop = () => {
    dropping ??= db.$disconnect().finally(() => dropDatabase(url));
    return dropping;
  };
  return { url, db, drop };
}
