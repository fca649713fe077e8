// Integration: real PostgreSQL. Data steps run between the migrations they sit between, once.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb } from "../client";
import { dropDatabase, withDatabaseName, withMaintenanceClient } from "../database";
import { applyMigrations } from "../migrate";
import { LOCK_FILE, LOCK_FILE_CONTENT, MIGRATION_FILE } from "../migrations-dir";
import { DEFAULT_TEST_DATABASE_ADMIN_URL } from "../testing";
import type { DataStep } from "./data-step";

const admin = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL;
let dir: string;
let url: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ctxlog-steps-"));
  url = withDatabaseName(admin, `ctxlog_test_steps_${Date.now().toString(36)}`);
  await withMaintenanceClient(admin, (c) => c.query(`CREATE DATABASE "${url.split("/").pop()}"`));
});
afterAll(async () => {
  await dropDatabase(url);
  await rm(dir, { recursive: true, force: true });
});

it("runs a step after its migration and before the next, which may rely on it; once", async () => {
  // rows written before the step's migration exist when it runs
  await migration(
    dir,
    "20250101000000_notes",
    // and the steps' ledger, as migration 20261129100346_data_steps creates it
    `CREATE TABLE notes (id int PRIMARY KEY, body text, words int);
     CREATE TABLE ctxlog_data_steps (name text PRIMARY KEY, after_migration text NOT NULL,
       finished_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP);`,
  );
  await applyMigrations(url, { migrationsDir: dir, dataSteps: [] });
  await migration(dir, "20250102000000_words_required", "ALTER TABLE notes ALTER COLUMN words SET NOT NULL;");
  const db = createDb(url, { poolSize: 1 });
  await db.$executeRawUnsafe("INSERT INTO notes (id, body) VALUES (1, 'one two three'), (2, 'four')");
  const runs: string[] = [];
  const step: DataStep = {
    after: "20250101000000_notes",
    name: "count_words",
    async run(sql) {
      runs.push("count_words");
      const rows = await sql<{ id: number; body: string }>("SELECT id, body FROM notes WHERE words IS NULL");
      for (const r of rows) {
        await sql("UPDATE notes SET words = $2 WHERE id = $1", [r.id, r.body.split(" ").length]);
      }
    },
  };
  expect(await applyMigrations(url, { migrationsDir: dir, dataSteps: [step] })).toEqual([
    "20250102000000_words_required",
  ]);
  expect(await db.$queryRawUnsafe("SELECT id, words FROM notes ORDER BY id")).toEqual([
    { id: 1, words: 3 },
    { id: 2, words: 1 },
  ]);
  expect(await applyMigrations(url, { migrationsDir: dir, dataSteps: [step] })).toEqual([]);
  expect(runs).toEqual(["count_words"]);
  await db.$disconnect();
});

it("refuses a step that names no migration", async () => {
  const step: DataStep = { after: "20990101000000_nothing", name: "x", run: async () => {} };
  await expect(applyMigrations(url, { migrationsDir: dir, dataSteps: [step] })).rejects.toThrow(
    /follows 20990101000000_nothing, which is not a migration/,
  );
});

/** Writes one migration folder (and the lock file) as `prisma migrate` lays them out. */
async function migration(into: string, folder: string, sql: string) {
  await mkdir(path.join(into, folder), { recursive: true });
  await writeFile(path.join(into, folder, MIGRATION_FILE), `${sql}\n`);
  await writeFile(path.join(into, LOCK_FILE), LOCK_FILE_CONTENT);
}
