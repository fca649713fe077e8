#!/usr/bin/env node
// `npm run db:migration:create -- <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
// with the SQL that takes the existing migrations to prisma/schema.prisma (prisma migrate dev
// --create-only, offline). The migrations are replayed in a scratch database created, then dropped,
// on the server of DATABASE_URL; that database itself is not touched. Review the SQL before committing.
const path = require("node:path");
const { databaseUrl, redact, run } = require("./lib/db-cli");
const { dbModule } = require("./lib/load-db");

run(async () => {
  const { createMigration } = dbModule("migrate");
  const { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH } = dbModule("paths");
  const name = process.argv.slice(2).join(" ").trim();
  if (!name) {
    console.error("usage: npm run db:migration:create -- <name>   (e.g. add_webhooks)");
    return 2;
  }
  const url = databaseUrl();
  const schema = path.relative(process.cwd(), DEFAULT_SCHEMA_PATH);
  const dir = path.relative(process.cwd(), DEFAULT_MIGRATIONS_DIR);
  console.log(`diffing ${dir} against ${schema} (scratch database on ${redact(url)})`);
  const created = await createMigration(url, name, {
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    schemaPath: DEFAULT_SCHEMA_PATH,
  });
  if (!created) {
    console.error(`nothing to change: ${dir} already produces ${schema}; no migration written`);
    return 1;
  }
  console.log(`wrote ${path.relative(process.cwd(), created.file)}`);
  return 0;
});
