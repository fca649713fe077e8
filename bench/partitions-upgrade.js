#!/usr/bin/env node
// bench:partitions-upgrade — what the migration 20261127030000_events_partitioned_by_day costs on
// an existing database: BENCH_UPGRADE_EVENTS events (default 100,000), each with one delivered
// delivery and one attempt (payload: the context.created envelope of a bench corpus context, in
// turn; BENCH_PAYLOAD another), spread over the last 10 days, are written with the
// schema before it; then the migration runs (it copies the three tables into day partitions, under
// ACCESS EXCLUSIVE locks). Prints its time and the WAL position's advance (the whole server's: the
// migration is one transaction, too long to read back from a shared server's WAL).
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { randomBytes } = require("node:crypto");
const { root, fmt, runBench, eventPayloads, payloadNote } = require("./lib");

const EVENTS = Number(process.env.BENCH_UPGRADE_EVENTS ?? 100_000);
const MIGRATION = "20261127030000_events_partitioned_by_day";
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://root@127.0.0.1:5432/postgres";
const dbPkg = require(path.join(root, "packages/db/dist"));
const migrationsDir = path.join(root, "prisma/migrations");
const PAYLOADS = eventPayloads();

/** A folder of the repository's migrations whose names `keep` takes. */
function migrationsWhere(keep) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ctxlog-upgrade-"));
  fs.copyFileSync(path.join(migrationsDir, "migration_lock.toml"), path.join(dir, "migration_lock.toml"));
  for (const name of fs.readdirSync(migrationsDir)) {
    if (/^\d+_/.test(name) && keep(name))
      fs.cpSync(path.join(migrationsDir, name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

async function main() {
  // the migrations up to the one before this one; then up to this one, and no later: what is timed
  // is this migration alone (later ones, and their data steps, rewrite rows this bench makes up)
  const before = migrationsWhere((name) => name < MIGRATION);
  const through = migrationsWhere((name) => name <= MIGRATION);
  const url = dbPkg.withDatabaseName(ADMIN_URL, `ctxlog_bench_upgrade_${randomBytes(4).toString("hex")}`);
  await dbPkg.ensureDatabase(url);
  const db = dbPkg.createDb(url, { poolSize: 1, timeouts: { statementTimeoutMs: 0, queryTimeoutMs: 0 } });
  try {
    // the project's data steps each follow a later migration than these
    await dbPkg.applyMigrations(url, { migrationsDir: before, dataSteps: [] });
    await db.$executeRaw`INSERT INTO users (id) VALUES ('bench')`;
    await db.$executeRaw`
      INSERT INTO webhooks (id, user_id, url, events, secret, description, created_at, updated_at)
      VALUES ('whk_bench', 'bench', 'https://example.com/hook', '{context.created}', 'x', 'bench', now(), now())`;
    const t0 = performance.now();
    // ids as newId makes them: the ULID time of their moment, over the last 10 days
    await db.$executeRawUnsafe(`
      CREATE FUNCTION pg_temp.ulid(prefix text, at timestamptz, n bigint) RETURNS text LANGUAGE plpgsql AS $$
      DECLARE ms bigint := floor(extract(epoch FROM at) * 1000); t text := '';
      BEGIN
        FOR i IN 1..10 LOOP
          t := substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (ms % 32)::int + 1, 1) || t; ms := ms / 32;
        END LOOP;
        RETURN prefix || '_' || t || lpad(upper(to_hex(n)), 16, '0');
      END $$`);
    await db.$executeRaw`
      INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at, fanned_out_at)
      SELECT pg_temp.ulid('evt', t, i), 'bench', 'context.created', 'ctx_' || i, (${PAYLOADS}::text[])[1 + i % ${PAYLOADS.length}], t, t
        FROM generate_series(1, ${EVENTS}) AS i,
             LATERAL (SELECT now() - interval '10 days' * (1 - i::float8 / ${EVENTS}) AS t) AS s`;
    await db.$executeRaw`
      INSERT INTO webhook_deliveries (id, webhook_id, user_id, event_id, event, status, attempts, response_status,
                                      last_attempt_at, created_at, updated_at)
      SELECT 'dlv_' || substr(id, 5), 'whk_bench', user_id, id, event, 'succeeded', 1, 200, created_at, created_at, created_at
        FROM outbox_events`;
    await db.$executeRaw`
      INSERT INTO webhook_attempts (id, delivery_id, cycle, number, attempted_at, duration_ms, response_status,
                                    request_url, response_body, response_body_truncated)
      SELECT 'att_' || substr(id, 5), id, 1, 1, created_at, 12, 200, 'https://example.com/hook', 'ok', false
        FROM webhook_deliveries`;
    await db.$executeRawUnsafe("VACUUM ANALYZE outbox_events, webhook_deliveries, webhook_attempts");
    console.log(
      `wrote ${EVENTS} events, deliveries and attempts with the previous schema in ${fmt((performance.now() - t0) / 1000, 1)} s`,
    );

    const [{ lsn }] = await db.$queryRawUnsafe("SELECT pg_current_wal_lsn()::text AS lsn");
    const t1 = performance.now();
    // the project's data steps each follow a later migration than this one
    const applied = await dbPkg.applyMigrations(url, { migrationsDir: through, dataSteps: [] });
    const ms = performance.now() - t1;
    const [{ wal }] = await db.$queryRawUnsafe(
      "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint AS wal",
      lsn,
    );
    const [counts] = await db.$queryRawUnsafe(
      `SELECT (SELECT count(*) FROM outbox_events)::int AS events, (SELECT count(*) FROM webhook_attempts)::int AS attempts,
              (SELECT count(*) FROM outbox_events_default)::int AS in_default,
              (SELECT count(*) FROM pg_inherits WHERE inhparent = 'outbox_events'::regclass)::int AS partitions`,
    );
    if (counts.events !== EVENTS || counts.attempts !== EVENTS || counts.in_default !== 0) {
      throw new Error(`rows lost or misplaced: ${JSON.stringify(counts)}`);
    }
    console.log(`\nbench:partitions-upgrade — ${applied.join(", ")}`);
    console.log(payloadNote());
    console.log(
      `${EVENTS} events, deliveries and attempts into ${counts.partitions} partitions of each table: ${fmt(ms, 0)} ms, WAL position +${fmt(Number(wal) / 2 ** 20, 1)} MB (whole server)`,
    );
  } finally {
    await db.$disconnect();
    await dbPkg.dropDatabase(url);
    fs.rmSync(before, { recursive: true, force: true });
    fs.rmSync(through, { recursive: true, force: true });
  }
}

runBench(main);
