#!/usr/bin/env node
// `npm run db:migrate`: creates the database in DATABASE_URL when missing, then applies the pending
// migrations of prisma/migrations as `prisma migrate deploy` would, but offline, through Prisma's
// WebAssembly schema engine (the CLI's native engine cannot be downloaded here). With
// SECRETS_ENCRYPTION_KEY and SECRETS_ENCRYPTION_KEY_ID (and _OLD_KEYS) set as the apps have them, the
// data steps that encrypt can run (sealed_secrets: webhook secrets written as plaintext before
// encryption); a database that needs them is refused without.
const path = require("node:path");
const { databaseUrl, redact, run } = require("./lib/db-cli");
const { dbModule } = require("./lib/load-db");

/** The apps' secrets keyring from this process's environment, or null when it sets no key. */
function keyringOfEnv() {
  const {
    SECRETS_ENCRYPTION_KEY: key,
    SECRETS_ENCRYPTION_KEY_ID: keyId,
    SECRETS_ENCRYPTION_OLD_KEYS: oldKeys,
  } = process.env;
  if (!key && !keyId) return null;
  if (!key || !keyId)
    throw new Error("set both SECRETS_ENCRYPTION_KEY and SECRETS_ENCRYPTION_KEY_ID, or neither");
  // @ctxlog/core as the apps load it (its dist: built before any app starts, and in the image)
  const { SecretKeyring } = require("@ctxlog/core");
  return SecretKeyring.parse({ key, keyId, oldKeys: oldKeys || undefined });
}

run(async () => {
  const { databaseNameOf, ensureDatabase } = dbModule("database");
  const { applyMigrations } = dbModule("migrate");
  const { DEFAULT_MIGRATIONS_DIR } = dbModule("paths");
  const url = databaseUrl();
  const started = performance.now();
  console.log(`database ${redact(url)}`);
  if (await ensureDatabase(url)) console.log(`created database ${databaseNameOf(url)}`);
  const applied = await applyMigrations(url, {
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    keyring: keyringOfEnv(),
  });
  const dir = path.relative(process.cwd(), DEFAULT_MIGRATIONS_DIR) || ".";
  if (applied.length === 0) console.log(`no pending migrations in ${dir}`);
  for (const name of applied) console.log(`applied ${name}`);
  console.log(`done in ${Math.round(performance.now() - started)} ms`);
});
