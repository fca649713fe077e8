import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { dropDatabase, ensureDatabase, withDatabaseName } from "./database";
import { applyMigrations, createMigration, diffSchemaAgainstMigrations } from "./migrate";
import { LOCK_FILE_CONTENT } from "./migrations-dir";
import { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH } from "./paths";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgresql://root@127.0.0.1:5432/postgres";
const created: string[] = [];

async function freshDatabase(label: string): Promise<string> {
  const url = withDatabaseName(ADMIN_URL, `ctxlog_test_${label}_${randomBytes(4).toString("hex")}`);
  created.push(url);
  await ensureDatabase(url);
  return url;
}

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function shadowDatabases(): Promise<string[]> {
  const rows = await query<{ datname: string }>(
    ADMIN_URL,
    "SELECT datname FROM pg_database WHERE datname LIKE 'ctxlog_shadow_%'",
  );
  return rows.map((r) => r.datname);
}

/**
 * A scratch migrations folder. Applied with `dataSteps: []`: the project's data steps each follow
 * one of the project's migrations, which a scratch folder does not have.
 */
async function tempMigrations(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "ctxlog-migrations-"));
  created.push(dir);
  await writeFile(path.join(dir, "migration_lock.toml"), LOCK_FILE_CONTENT);
  for (const [name, sql] of Object.entries(migrations)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

afterAll(async () => {
  for (const item of created) {
    if (item.startsWith("postgresql:")) await dropDatabase(item);
    else await rm(item, { recursive: true, force: true });
  }
});

describe("the repository's migrations", () => {
  it("apply to a fresh database, record standard _prisma_migrations rows, and are idempotent", async () => {
    const url = await freshDatabase("migrate");
    const folders = (await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);

    const started = performance.now();
    expect(await applyMigrations(url, { migrationsDir: DEFAULT_MIGRATIONS_DIR })).toEqual(folders);
    console.info(`applyMigrations on a fresh database: ${Math.round(performance.now() - started)} ms`);
    expect(await applyMigrations(url, { migrationsDir: DEFAULT_MIGRATIONS_DIR })).toEqual([]);

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
    }>(url, "SELECT * FROM _prisma_migrations ORDER BY migration_name");
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    for (const row of rows) {
      const sql = await readFile(path.join(DEFAULT_MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      // what `prisma migrate deploy` and `migrate status` compare against the file
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    // the tables, partitioned ones as one (their day partitions come and go with the calendar)
    const tables = await query<{ tablename: string }>(
      url,
      `SELECT c.relname AS tablename FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    );
    expect(tables.map((t) => t.tablename)).toEqual([
      "_prisma_migrations",
      "accounts",
      "agent_logs",
      "anchor_transactions",
      "anchoring_health",
      "anchors",
      "api_keys",
      "chain_identity",
      "chain_status",
      "confirmed_contexts",
      "contexts",
      "ctxlog_data_steps",
      "idempotency_keys",
      "legal_holds",
      "otel_held_spans",
      "otel_refusals",
      "otel_spans",
      "otel_trace_agents",
      "outbox_events",
      "pending_contexts",
      "people",
      "sessions",
      "sign_in_links",
      "signer_leases",
      "signers",
      "tlog_checkpoints",
      "tlog_cosignatures",
      "tlog_keys",
      "tlog_leaves",
      "tlog_queue",
      "tlog_tiles",
      "tlog_witness_policy",
      "unfanned_events",
      "users",
      "verifications",
      "webhook_attempts",
      "webhook_deliveries",
      "webhooks",
    ]);
  });

  // The drift check: fails when prisma/schema.prisma changes without a migration.
  // Fix: npm run db:migration:create -- <what_changed>
  it("produce exactly prisma/schema.prisma", async () => {
    const before = await shadowDatabases();
    const sql = await diffSchemaAgainstMigrations(ADMIN_URL, {
      migrationsDir: DEFAULT_MIGRATIONS_DIR,
      schemaPath: DEFAULT_SCHEMA_PATH,
    });
    expect(sql).toBe("");
    expect(await shadowDatabases()).toEqual(before);
  });
});

describe("authoring a migration", () => {
  it("writes the diff as the next folder, which then applies; nothing when in sync", async () => {
    const dir = await tempMigrations({});
    const schemaPath = path.join(dir, "schema.prisma");
    await writeFile(
      schemaPath,
      'datasource db {\n  provider = "postgresql"\n}\n\nmodel Note {\n  id   Int    @id\n  body String\n}\n',
    );

    const first = await createMigration(ADMIN_URL, "Add notes!", {
      migrationsDir: dir,
      schemaPath,
      now: new Date("2025-01-02T03:04:05Z"),
    });
    expect(first?.name).toBe("20250102030405_add_notes");
    expect(first?.sql).toContain('CREATE TABLE "Note"');
    const written = await readFile(path.join(dir, "20250102030405_add_notes", "migration.sql"), "utf8");
    expect(written.trimEnd()).toBe(first?.sql.trimEnd());

    expect(await createMigration(ADMIN_URL, "again", { migrationsDir: dir, schemaPath })).toBeNull();
    // an older timestamp would apply out of order on databases that already have the newer one
    await writeFile(schemaPath, (await readFile(schemaPath, "utf8")).replace("body String", "body String?"));
    await expect(
      createMigration(ADMIN_URL, "late", { migrationsDir: dir, schemaPath, now: new Date("2024-01-01") }),
    ).rejects.toThrow(/would not sort after/);

    const url = await freshDatabase("authored");
    expect(await applyMigrations(url, { migrationsDir: dir, dataSteps: [] })).toEqual([
      "20250102030405_add_notes",
    ]);
  });
});

describe("a failing migration", () => {
  it("is rolled back as a whole, reported with the SQL error, and blocks later runs", async () => {
    const dir = await tempMigrations({
      "20250101000000_ok": "CREATE TABLE first_table (id int);\n",
      "20250101000001_broken": "CREATE TABLE half_done (id int);\nCREATE TABLE first_table (id int);\n",
    });
    const url = await freshDatabase("failing");

    await expect(applyMigrations(url, { migrationsDir: dir, dataSteps: [] })).rejects.toThrow(
      /already exists/,
    );
    const tables = await query<{ tablename: string }>(
      url,
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    // the script runs as one implicit transaction, as with the native engine
    expect(tables.map((t) => t.tablename)).not.toContain("half_done");
    const rows = await query<{ migration_name: string; finished_at: Date | null }>(
      url,
      "SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(rows).toEqual([
      { migration_name: "20250101000000_ok", finished_at: expect.any(Date) },
      { migration_name: "20250101000001_broken", finished_at: null },
    ]);

    await expect(applyMigrations(url, { migrationsDir: dir, dataSteps: [] })).rejects.toThrow(
      /failed migrations/,
    );
  });

  it("reports a missing database plainly", async () => {
    const url = withDatabaseName(ADMIN_URL, `ctxlog_test_absent_${randomBytes(4).toString("hex")}`);
    await expect(applyMigrations(url, { migrationsDir: DEFAULT_MIGRATIONS_DIR })).rejects.toThrow(
      /does not exist/,
    );
  });
});
