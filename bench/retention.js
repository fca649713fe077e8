#!/usr/bin/env node
// bench:retention — the WAL and the time it takes to retire one day of events, deliveries and
// attempts, two ways in the same run on the same data: (p) dropping the day's partitions
// (retireEventPartitions, what the webhook worker's retention loop does), and (r) deleting the
// rows in batches (purgeExpiredEvents, the row-by-row purge it replaced, still used for the
// default partition). Two days of BENCH_RETENTION_ROWS events (default 100,000) each, every event
// with one delivered delivery and one attempt (payload: the context.created envelope of a bench
// corpus context, in turn; BENCH_PAYLOAD another payload), are
// written into a fresh database; a CHECKPOINT precedes each way, as weeks of checkpoints precede a
// real retirement (so the first change to each page writes its full image, as it would).
// WAL: with pg_walinspect (PostgreSQL contrib; the bench creates it in its scratch database), the
// bytes of the WAL records of this database's transactions only — the server is shared, so the
// raw LSN advance (also printed) counts everyone's writes.
const path = require("node:path");
const { root, scratchDatabase, fmt, runBench, eventPayloads, payloadNote } = require("./lib");

const ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? 100_000);
const BATCH = Number(process.env.BENCH_RETENTION_BATCH_SIZE ?? 500);
const core = require(path.join(root, "packages/core/dist"));
const dbPkg = require(path.join(root, "packages/db/dist"));
const DAY = 86_400_000;
const TABLES = ["outbox_events", "webhook_deliveries", "webhook_attempts"];

const PAYLOADS = eventPayloads();

async function load(db, day, webhookId) {
  const lo = day.getTime();
  const step = DAY / ROWS; // ids spread over the day, one per step
  // The id: the ULID time of its slot, then 16 characters from the row number (unique per day).
  await db.$executeRaw`
    INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at)
    SELECT left(ctxlog_ulid_floor('evt', t), 14) || lpad(upper(to_hex(i)), 16, '0'), 'bench', 'context.created',
           'ctx_' || i, (${PAYLOADS}::text[])[1 + i % ${PAYLOADS.length}], t
      FROM generate_series(0, ${ROWS - 1}) AS i,
           LATERAL (SELECT to_timestamp((${lo} + floor(i * ${step})) / 1000.0) AS t) AS s`;
  // each delivery's one attempt in its row, where recordAttempts keeps a first attempt
  // (packages/db/src/webhooks/stored-attempts.ts; its last attempt is that one, read from it)
  await db.$executeRaw`
    INSERT INTO webhook_deliveries (webhook_ref, event_id, status, attempts, first_attempted_at,
                                    first_duration_ms, first_response_status, first_response_body)
    SELECT w.ref, e.id, 'succeeded', 1, e.created_at, 12, 200, 'ok'
      FROM outbox_events AS e JOIN webhooks AS w ON w.id = ${webhookId}
     WHERE e.id >= ctxlog_ulid_floor('evt', ${day}) AND e.id < ctxlog_ulid_floor('evt', ${new Date(lo + DAY)})`;
}

async function totalSize(db) {
  const [row] = await db.$queryRawUnsafe(
    `SELECT sum(pg_total_relation_size(relid))::bigint AS bytes
       FROM unnest($1::text[]) AS t(name), LATERAL pg_partition_tree(t.name::regclass)`,
    TABLES,
  );
  return Number(row.bytes);
}

/**
 * Times the work given to `run` and counts its WAL. The WAL of this database is read with
 * pg_walinspect after each piece of work, while it is still on disk: the server is shared, and
 * every DROP DATABASE elsewhere forces a checkpoint that recycles the older segments.
 */
class Meter {
  constructor(admin, walinspect) {
    this.admin = admin;
    this.walinspect = walinspect;
  }

  async lsn() {
    // the flushed position: pg_walinspect reads no further (the work's commits flushed their WAL)
    const [{ lsn }] = await this.admin.$queryRawUnsafe("SELECT pg_current_wal_flush_lsn()::text AS lsn");
    return lsn;
  }

  /** A CHECKPOINT, then the measure starts. */
  async begin() {
    // CHECKPOINT needs a superuser or pg_checkpoint; without it the first way may write fewer page images
    this.checkpoint = await this.admin.$executeRawUnsafe("CHECKPOINT").then(
      () => true,
      () => false,
    );
    this.first = this.start = await this.lsn();
    this.ms = 0;
    this.own = this.walinspect ? { bytes: 0, fpi: 0 } : null;
  }

  async run(work) {
    const t0 = performance.now();
    const result = await work();
    this.ms += performance.now() - t0;
    const end = await this.lsn();
    const [{ ahead }] = await this.admin.$queryRawUnsafe(
      "SELECT $1::pg_lsn > $2::pg_lsn AS ahead",
      end,
      this.start,
    );
    if (this.own && ahead) {
      // Records touching this database's blocks, and every record of the transactions that wrote
      // them (their commit records list the files a DROP removes).
      const [row] = await this.admin.$queryRawUnsafe(
        `WITH r AS (SELECT * FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
              mine AS (SELECT start_lsn, xid FROM r
                        WHERE block_ref LIKE '%/' || (SELECT oid FROM pg_database WHERE datname = current_database()) || '/%'),
              xids AS (SELECT DISTINCT xid FROM mine WHERE xid <> 0)
         SELECT coalesce(sum(record_length), 0)::bigint AS bytes, coalesce(sum(fpi_length), 0)::bigint AS fpi
           FROM r WHERE xid IN (SELECT xid FROM xids) OR (xid = 0 AND start_lsn IN (SELECT start_lsn FROM mine))`,
        this.start,
        end,
      );
      this.own.bytes += Number(row.bytes);
      this.own.fpi += Number(row.fpi);
    }
    if (ahead) this.start = end;
    return result;
  }

  /** The time, this database's WAL, and the raw LSN advance (everyone's writes) since begin. */
  async finish() {
    const [{ raw }] = await this.admin.$queryRawUnsafe(
      "SELECT pg_wal_lsn_diff(pg_current_wal_flush_lsn(), $1::pg_lsn)::bigint AS raw",
      this.first,
    );
    return { ms: this.ms, own: this.own, raw: Number(raw) };
  }
}

const mb = (bytes) => `${fmt(bytes / 2 ** 20, 2)} MB`;

async function main() {
  const database = await scratchDatabase("ctxlog_bench_retention");
  // the production timeouts for what is measured; none for loading and CHECKPOINT (long on a busy server)
  const db = dbPkg.createDb(database.url, { poolSize: 4 });
  const admin = dbPkg.createDb(database.url, {
    poolSize: 1,
    timeouts: { statementTimeoutMs: 0, queryTimeoutMs: 0 },
  });
  try {
    const walinspect = await db.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pg_walinspect").then(
      () => true,
      () => false,
    );
    await db.user.create({ data: { id: "bench" } });
    const webhook = await dbPkg.createWebhook(db, {
      userId: "bench",
      url: "https://example.com/hook",
      events: ["context.created"],
      description: "bench",
      secret: core.generateWebhookSecret(),
      keyring: core.SecretKeyring.parse({ key: Buffer.alloc(32, 7).toString("base64"), keyId: "k1" }),
      maxPerUser: 10,
    });
    const dayP = new Date(Math.floor(Date.now() / DAY) * DAY - 40 * DAY);
    const dayR = new Date(dayP.getTime() + DAY);
    await db.$queryRaw`SELECT ctxlog_create_event_partitions(${dayP}::date, ${dayR}::date)`;
    const t0 = performance.now();
    await load(admin, dayP, webhook.id);
    await load(admin, dayR, webhook.id);
    await admin.$executeRawUnsafe(`VACUUM ANALYZE ${TABLES.join(", ")}`);
    const loaded = await totalSize(db);
    console.log(
      `loaded 2 days × ${ROWS} events (+ a delivery and an attempt each) in ${fmt((performance.now() - t0) / 1000, 1)} s: ${mb(loaded)}`,
    );

    // (p) the day of dayP: its end is the cutoff, so dayR is not yet due
    const meter = new Meter(admin, walinspect);
    await meter.begin();
    const retiredP = await meter.run(() =>
      dbPkg.retireEventPartitions(db, { cutoff: new Date(dayP.getTime() + DAY) }),
    );
    const p = await meter.finish();
    p.result = retiredP;
    const afterP = await totalSize(db);
    if (p.result.retired.length !== 1 || p.result.retired[0].events !== ROWS) {
      throw new Error(`expected one day of ${ROWS} events retired: ${JSON.stringify(p.result)}`);
    }
    // (r) the day of dayR, row by row, as the retention loop did before partitions
    await meter.begin();
    let purged = 0;
    for (;;) {
      const batch = await meter.run(() =>
        dbPkg.purgeExpiredEvents(db, { cutoff: new Date(dayR.getTime() + DAY), batchSize: BATCH }),
      );
      purged += batch.events;
      if (batch.claimed < BATCH) break;
    }
    const r = await meter.finish();
    r.result = { events: purged };
    const afterR = await totalSize(db);
    if (r.result.events !== ROWS) throw new Error(`expected ${ROWS} events purged, got ${r.result.events}`);

    console.log(`\nbench:retention — one day of ${ROWS} events, ${ROWS} deliveries, ${ROWS} attempts`);
    console.log(payloadNote());
    console.log(
      "| way | time | WAL, this database (of which full-page images) | raw LSN advance (whole server) | disk returned |",
    );
    console.log("|---|---|---|---|---|");
    const line = (name, m, freed) =>
      console.log(
        `| ${name} | ${fmt(m.ms, 0)} ms | ${m.own ? `${mb(m.own.bytes)} (${mb(m.own.fpi)})` : "n/a (no pg_walinspect)"} | ${mb(m.raw)} | ${mb(freed)} |`,
      );
    line(
      `(p) drop the day's partitions (tables locked ${fmt(p.result.retired[0].lockedMs, 0)} ms of it)`,
      p,
      loaded - afterP,
    );
    line(`(r) delete the rows, ${BATCH} events a batch`, r, afterP - afterR);
    const ratio = (a, b) => (b > 0 ? fmt(a / b, 0) : "∞");
    console.log(
      `\nWAL (r)/(p) = ${p.own && r.own ? ratio(r.own.bytes, p.own.bytes) : ratio(r.raw, p.raw)}; time (r)/(p) = ${ratio(r.ms, p.ms)}`,
    );
    if (!meter.checkpoint) console.log("(no CHECKPOINT before each way: not allowed to this role)");
    console.log(`(p) WAL per day retired: ${mb(p.own ? p.own.bytes : p.raw)} (target ≤ 1 MB)`);
  } finally {
    await db.$disconnect();
    await admin.$disconnect();
    await database.drop();
  }
}

runBench(main);
