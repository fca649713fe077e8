import { Client } from "pg";
import { databaseNameOf } from "./database";
import { readMigrationsDir } from "./migrations-dir";
import { DEFAULT_MIGRATIONS_DIR } from "./paths";
import { createTestDatabase, DEFAULT_TEST_DATABASE_ADMIN_URL, type TestDatabase } from "./testing";
import { templateName } from "./testing/template-database";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL;

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe("createTestDatabase", () => {
  const made: TestDatabase[] = [];
  afterAll(() => Promise.all(made.map((t) => t.drop())));

  it("gives a migrated database with a working client, and drop() removes only it", async () => {
    const started = performance.now();
    const first = await createTestDatabase();
    console.info(`createTestDatabase: ${Math.round(performance.now() - started)} ms`);
    made.push(first);
    const second = await createTestDatabase("ctxlog_test_other");
    made.push(second);

    const name = databaseNameOf(first.url);
    expect(name).toMatch(/^ctxlog_test_[a-z0-9]+_[0-9a-f]{8}$/);
    expect(databaseNameOf(second.url)).not.toBe(name);

    await first.db.user.create({ data: { id: "usr_1" } });
    expect(await first.db.user.count()).toBe(1);
    expect(await second.db.user.count()).toBe(0);

    await first.drop();
    await first.drop(); // twice is fine
    expect(await databaseExists(name)).toBe(false);
    expect(await databaseExists(databaseNameOf(second.url))).toBe(true);
    expect(await second.db.user.count()).toBe(0);
  });

  it("copies today's migrated template: every migration recorded as applied; the template takes no sessions", async () => {
    const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    const copy = await createTestDatabase();
    made.push(copy);
    const folders = (await readMigrationsDir(DEFAULT_MIGRATIONS_DIR)).migrationDirectories.map((m) => m.path);
    const applied = await copy.db.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name",
    );
    expect(applied.map((r) => r.migration_name)).toEqual(folders);
    // the event partitions the migrations create around the day they run on: today's is there
    const partitions = await copy.db.$queryRawUnsafe<unknown[]>(
      "SELECT 1 FROM pg_class WHERE relname = $1",
      `outbox_events_p${today}`,
    );
    expect(partitions).toHaveLength(1);

    const template = await templateName();
    expect(await databaseExists(template)).toBe(true);
    const client = new Client({ connectionString: ADMIN_URL.replace(/\/[^/]*$/, `/${template}`) });
    await expect(client.connect()).rejects.toThrow(/not currently accepting connections/);
    await client.end().catch(() => {});
  });

  it("rejects a prefix that is not a plain identifier", async () => {
    await expect(createTestDatabase('x"; DROP DATABASE postgres; --')).rejects.toThrow(/prefix/);
  });
});
