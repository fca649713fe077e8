// A migrated template database per migrations folder, so that each test file's database is a copy
// (CREATE DATABASE … TEMPLATE, tens of ms of server work) rather than a replay of every migration
// and data step (seconds under load; the suite makes one per file, ~280 of them).
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "pg";
import { dropDatabase, quoteIdentifier, withDatabaseName, withMaintenanceClient } from "../database";
import { applyMigrations } from "../migrate";
import { DEFAULT_MIGRATIONS_DIR } from "../paths";

const TEMPLATE_PREFIX = "ctxlog_tmpl_";
// Bump when how a template is built changes without its inputs changing.
const TEMPLATE_FORMAT = "1";
const DATA_STEPS_DIR = path.join(__dirname, "..", "data-steps");

let inputsHash: Promise<string> | undefined;

/** Every file of the migrations folder and of the data steps' code: what a migrated database is made of. */
async function hashInputs(): Promise<string> {
  const hash = createHash("sha256").update(TEMPLATE_FORMAT);
  const add = async (dir: string, keep: (name: string) => boolean) => {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    const files = entries
      .filter((e) => e.isFile() && keep(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const file of files) {
      hash.update(`\0${path.relative(dir, file)}\0`).update(await readFile(file));
    }
  };
  await add(DEFAULT_MIGRATIONS_DIR, () => true);
  await add(DATA_STEPS_DIR, (name) => !name.includes(".test."));
  return hash.digest("hex");
}

/** `YYYYMMDD` of a UTC day. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10).replaceAll("-", "");

/**
 * The name of the template for today's UTC day. The day is part of it because the migrations
 * create the event partitions of the days around the one they run on: a database copied from a
 * template of an earlier day would lack today's, which a freshly migrated one has.
 */
export async function templateName(now = new Date()): Promise<string> {
  inputsHash ??= hashInputs();
  return `${TEMPLATE_PREFIX}${utcDay(now)}_${(await inputsHash).slice(0, 16)}`;
}

const exists = async (client: Client, name: string) =>
  ((await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount ?? 0) > 0;

/**
 * Creates database `name` as a copy of the repository's migrations applied (and their data steps
 * run), building the template first when this server has none for today's migrations folder. The
 * template is built under an advisory lock (two jest workers never build it twice, nor copy a half-
 * built one: it only gets its name once fully migrated) and kept for the next files and runs; a new
 * build drops the templates of days before yesterday.
 */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<void> {
  const template = await templateName();
  await withMaintenanceClient(adminUrl, async (client) => {
    if (!(await exists(client, template))) await buildTemplate(client, adminUrl, template);
    await client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`);
  });
}

async function buildTemplate(client: Client, adminUrl: string, template: string): Promise<void> {
  // one lock per template: another checkout's (other migrations) builds its own meanwhile
  const lockKey = createHash("sha256").update(template).digest().readBigInt64BE(0);
  await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
  try {
    if (await exists(client, template)) return; // built by the worker that held the lock before
    const building = `${template}_b${randomBytes(4).toString("hex")}`;
    await client.query(`CREATE DATABASE ${quoteIdentifier(building)}`);
    const buildingUrl = withDatabaseName(adminUrl, building);
    try {
      await applyMigrations(buildingUrl);
      // RENAME and TEMPLATE both need the database without sessions: end any the engine left open
      await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [
        building,
      ]);
      await client.query(
        `ALTER DATABASE ${quoteIdentifier(building)} RENAME TO ${quoteIdentifier(template)}`,
      );
    } catch (error) {
      await dropDatabase(buildingUrl).catch(() => {});
      throw error;
    }
    // no one connects to a template: a session on it would make every copy fail
    await client.query(`ALTER DATABASE ${quoteIdentifier(template)} ALLOW_CONNECTIONS false`);
    await dropStaleTemplates(client, adminUrl, template);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [lockKey]);
  }
}

/**
 * Drops the templates of days before yesterday (a run that started yesterday may still copy
 * yesterday's) and the half-built ones of this template that a crashed build left behind.
 */
async function dropStaleTemplates(client: Client, adminUrl: string, template: string): Promise<void> {
  const oldest = utcDay(new Date(Date.now() - 24 * 3600_000));
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
    [TEMPLATE_PREFIX],
  );
  for (const { datname } of rows) {
    const day = datname.slice(TEMPLATE_PREFIX.length, TEMPLATE_PREFIX.length + 8);
    const halfBuilt = datname.startsWith(`${template}_b`);
    if ((/^\d{8}$/.test(day) && day < oldest) || halfBuilt) {
      await dropDatabase(withDatabaseName(adminUrl, datname));
    }
  }
}
