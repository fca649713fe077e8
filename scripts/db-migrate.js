#!/usr/bin/env node
// `npm run db:migrate`: creates the database in DATABASE_URL when missing, then applies the pending
// migrations of prisma/migrations as `prisma migrate deploy` would, but offline, through Prisma's
// WebAssembly schema engine (the CLI's native engine cannot be downloaded here).
const path = require("node:path");
const { databaseUrl, redact, run } = require("./lib/db-cli");
const { dbModule } = require("./lib/load-db");

run(async () => {
  const { databaseNameOf, ensureDatabase } = dbModule("database");
  const { applyMigrations } = dbModule("migrate");
  const { DEFAULT_MIGRATIONS_DIR } = dbModule("paths");
  const url = databaseUrl();
  const started = performance.now();
  console.log(`database ${redact(url)}`);
  if (await ensureDatabase(url)) console.log(`created database ${databaseNameOf(url)}`);
  const applied = await applyMigrations(url, { migrationsDir: DEFAULT_MIGRATIONS_DIR });
  const dir = path.relative(process.cwd(), DEFAULT_MIGRATIONS_DIR) || ".";
  if (applied.length === 0) console.log(`no pending migrations in ${dir}`);
  for (const name of applied) console.log(`applied ${name}`);
  console.log(`done in ${Math.round(performance.now() - started)} ms`);
});
