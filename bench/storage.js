#!/usr/bin/env node
// bench:storage — what PostgreSQL holds per context, across every table, on the real stack: the API,
// the chain worker on anvil (1 s blocks, 3 confirmations) and the webhook worker delivering to two
// loopback receivers, each webhook subscribed to context.created and context.confirmed (4 deliveries
// and 4 attempts per context), the apps at their production defaults. BENCH_STORAGE_CONTEXTS
// contexts (default 50,000) go in through POST /v1/contexts/batch (100 per request), twice in the
// same run, each time on a fresh stack: the bench corpus (bench/corpus: text-like agent steps,
// 200 B–64 KiB) and an incompressible payload of the same sizes (random bytes as base64: what
// DEFLATE cannot shrink, the most a context costs); BENCH_STORAGE_PAYLOADS picks others (corpus,
// incompressible, x800: the old ~1 KiB "x"-filled context). Once every one is
// confirmed and every delivery has succeeded, the size of each table (pg_total_relation_size: heap,
// TOAST and every index) less its size before the first POST is divided by the number of contexts:
//   - as written: autovacuum is off on the scratch database's tables, so the dead versions left by
//     the claim, the confirmation, the fan-out and the attempts' UPDATEs are all still there (a
//     table under autovacuum reuses that space for later rows: it stays between this and compact);
//   - after VACUUM (plain): the same files (plain VACUUM only returns empty pages at the end);
//   - after VACUUM FULL: the live rows and freshly built indexes only.
// Then the heap, TOAST and each index of every table that grew, per context (as written and compact).
// Then, for the tables holding most of it, what each column's values weigh in a row (pg_column_size:
// compressed or TOAST-pointer size as stored), beside the row's header.
// BENCH_STORAGE_CONTEXTS_FILLFACTOR sets another fillfactor on contexts first (100 otherwise: the
// migrations' since contexts_pending_queue).
// Also the stored data alone (canonical_data: the context's canonical JSON, DEFLATE-compressed by the
// API) per context, against its JSON. Autovacuum being off on the scratch tables is printed as the
// one change beside the apps' settings.
// Target (issue 28): ≤ 4,000 bytes per context as written.
const path = require("node:path");
const { Pool } = require("undici");
const lib = require("./lib");

const { root, fmt, SECRETS_ENV } = lib;
const CONTEXTS = Number(process.env.BENCH_STORAGE_CONTEXTS ?? 50_000);
const BATCH = 100;
const CONNECTIONS = 8;
const EVENTS = ["context.created", "context.confirmed"];
const TARGET = 4_000;
const FILLFACTOR = process.env.BENCH_STORAGE_CONTEXTS_FILLFACTOR;
// the receivers are on loopback, over http, at a path that makes their URL as long as a real one
const RECEIVER_PATH = "/webhooks/acme-agents/ctxlog";
const WEBHOOK_WORKER_ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_ALLOW_INSECURE_URLS: "true" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Every relation of the public schema with its table: heap, TOAST (with its index) and indexes.
 * A partition counts as its partitioned table, and a partition's index as the parent index.
 */
async function relations(db) {
  const root = (oid) => `COALESCE(pg_partition_root(${oid}), ${oid})::regclass::text`;
  const rows = await db.$queryRawUnsafe(`
    SELECT "table", part, sum(bytes)::bigint AS bytes FROM (
      SELECT ${root("t.oid")} AS "table", 'heap' AS part, pg_relation_size(t.oid) AS bytes
        FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND t.relkind IN ('r', 'p')
      UNION ALL
      SELECT ${root("t.oid")}, 'TOAST', pg_total_relation_size(t.reltoastrelid)
        FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND t.relkind IN ('r', 'p') AND t.reltoastrelid <> 0
      UNION ALL
      SELECT ${root("t.oid")}, ${root("i.oid")}, pg_relation_size(i.oid)
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public'
    ) r GROUP BY "table", part`);
  const out = new Map();
  for (const r of rows)
    out.set(`${r.table}\u0000${r.part}`, { table: r.table, part: r.part, bytes: Number(r.bytes) });
  return out;
}

/** Growth since `before`, per relation part and per table. */
function growth(before, after) {
  const parts = [];
  const tables = new Map();
  for (const [key, r] of after) {
    const bytes = r.bytes - (before.get(key)?.bytes ?? 0);
    parts.push({ ...r, bytes });
    tables.set(r.table, (tables.get(r.table) ?? 0) + bytes);
  }
  return { parts, tables };
}

/**
 * What each column of `tables` weighs per row, on average, as stored (pg_column_size: a compressed
 * value's compressed size, a TOASTed one's pointer), largest first: where a row's bytes go. A row
 * also pays its header (23 bytes and the null bitmap, aligned to 8) and a 4-byte line pointer.
 */
async function printColumnWeights(db, tables) {
  console.log("\nwhat a row's columns weigh (bytes per row, average as stored; a partitioned table's rows):");
  for (const table of tables) {
    const columns = await db.$queryRawUnsafe(
      `SELECT quote_ident(attname) AS name FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      table,
    );
    if (columns.length === 0) continue;
    const sizes = columns.map((c) => `avg(pg_column_size(${c.name}))::float8 AS ${c.name}`).join(", ");
    const [row] = await db.$queryRawUnsafe(`SELECT count(*)::int AS "rows", ${sizes} FROM ${table}`);
    const weights = columns
      .map((c) => [c.name.replaceAll('"', ""), row[c.name.replaceAll('"', "")] ?? 0])
      .sort((a, b) => b[1] - a[1]);
    const sum = weights.reduce((a, [, w]) => a + w, 0);
    console.log(
      `${table} (${row.rows} rows, columns ${fmt(sum, 0)} bytes per row): ` +
        weights.map(([n, w]) => `${n} ${fmt(w, 0)}`).join(", "),
    );
  }
}

async function startReceiver() {
  return lib.startProcess(path.join(__dirname, "webhook-receiver.js"), {});
}

/** The webhook worker as a process; ready once its metrics port answers /healthz. */
async function startWorker(env) {
  const { fork } = require("node:child_process");
  const metricsPort = await lib.freePort();
  const child = fork(path.join(root, "apps/webhook-worker/dist/main.js"), [], {
    env: {
      ...process.env,
      ...env,
      WEBHOOK_WORKER_METRICS_PORT: String(metricsPort),
      ...WEBHOOK_WORKER_ENV,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"], // its logs (info) to /dev/null
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`webhook worker exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${metricsPort}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { pid: child.pid, stop: () => lib.stopProcess(child) };
    if (Date.now() > deadline) {
      await lib.stopProcess(child);
      throw new Error("webhook worker did not start");
    }
    await sleep(100);
  }
}

const contexts = Math.ceil(CONTEXTS / BATCH) * BATCH;
const PAYLOADS = (process.env.BENCH_STORAGE_PAYLOADS ?? "corpus,incompressible")
  .split(",")
  .map((k) => lib.payloadKind(k.trim()));

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  const fillfactor = FILLFACTOR ? `, contexts at fillfactor ${FILLFACTOR}` : "";
  console.log(
    `bench:storage — ${date}, node ${process.version}, ${contexts} contexts of each payload${fillfactor}`,
  );
  const totals = [];
  for (const kind of PAYLOADS) {
    console.log(`\n${lib.payloadNote(kind)}`);
    totals.push({ kind, ...(await measure(kind)) });
  }
  if (totals.length > 1)
    console.log(
      `\nbytes per context as written / after VACUUM FULL: ${totals.map((t) => `${t.kind} ${fmt(t.written, 0)} / ${fmt(t.compact, 0)}`).join("; ")} ` +
        `(target ≤ ${TARGET} as written)`,
    );
}

/** One payload's run on a stack of its own: prints its tables, resolves to its totals per context. */
async function measure(kind) {
  const stack = await lib.startChainStack("ctxlog_bench_storage");
  const receivers = [await startReceiver(), await startReceiver()];
  let webhookWorker;
  try {
    const { db } = stack;
    // as written: no autovacuum on this database's tables while the bench writes
    const tables = await db.$queryRawUnsafe(
      `SELECT quote_ident(relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    for (const t of tables)
      await db.$executeRawUnsafe(`ALTER TABLE ${t.name} SET (autovacuum_enabled = false)`);
    // BENCH_STORAGE_CONTEXTS_FILLFACTOR: another fillfactor for contexts (its migrations set 100), to
    // weigh room kept for HOT updates (a failure, a retry, an erasure) against the bytes it leaves empty
    if (FILLFACTOR)
      await db.$executeRawUnsafe(`ALTER TABLE contexts SET (fillfactor = ${Number(FILLFACTOR)})`);
    const keyring = require(path.join(root, "packages/core/dist")).SecretKeyring.parse({
      key: SECRETS_ENV.SECRETS_ENCRYPTION_KEY,
      keyId: SECRETS_ENV.SECRETS_ENCRYPTION_KEY_ID,
    });
    const dbPkg = require(path.join(root, "packages/db/dist"));
    const core = require(path.join(root, "packages/core/dist"));
    for (const [i, r] of receivers.entries()) {
      await dbPkg.createWebhook(db, {
        userId: "bench",
        // as long as a real endpoint's URL: an attempt's exchange keeps the URL, and the exchange's
        // dictionary primes "http://127.0.0.1:" as it primes "https://" (a `/hook` path stored ~20
        // bytes an attempt fewer than https://api.example.org/webhooks/ctxlog; this one ~1 fewer)
        url: `http://127.0.0.1:${r.port}${RECEIVER_PATH}`,
        events: EVENTS,
        description: `storage ${i + 1}`,
        secret: core.generateWebhookSecret(),
        keyring,
        maxPerUser: 10,
      });
    }
    webhookWorker = await startWorker(stack.env);
    // the chain worker is up once it holds the signer's lease
    for (let i = 0; i < 600; i++) {
      if ((await db.$queryRawUnsafe("SELECT 1 FROM signer_leases")).length > 0) break;
      await sleep(50);
    }
    await db.$executeRawUnsafe("CHECKPOINT").catch(() => {});
    const before = await relations(db);

    const pool = new Pool(`http://127.0.0.1:${stack.apiPort}`, { connections: CONNECTIONS });
    const batches = contexts / BATCH;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < batches) {
          const b = next++;
          const body = JSON.stringify({
            contexts: Array.from({ length: BATCH }, (_, k) =>
              lib.payloadContext(b * BATCH + k, "bench-agent", kind),
            ),
          });
          const res = await pool.request({
            path: "/v1/contexts/batch",
            method: "POST",
            headers: { authorization: `Bearer ${stack.key}`, "content-type": "application/json" },
            body,
          });
          const text = await res.body.text();
          if (res.statusCode !== 202) throw new Error(`batch POST ${res.statusCode}: ${text.slice(0, 200)}`);
        }
      }),
    );
    await pool.close();
    await lib.waitForConfirmed(db, contexts, 1_800_000);
    const deliveries = contexts * EVENTS.length * receivers.length;
    const deadline = Date.now() + 1_800_000;
    for (;;) {
      const [{ n }] = await db.$queryRawUnsafe(
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'",
      );
      if (n >= deliveries) break;
      if (Date.now() > deadline) throw new Error(`only ${n}/${deliveries} deliveries succeeded in time`);
      await sleep(500);
    }
    const seconds = (Date.now() - started) / 1000;
    let received = 0;
    for (const r of receivers)
      received += (await (await fetch(`http://127.0.0.1:${r.port}/stats`)).json()).count;
    await webhookWorker.stop();
    webhookWorker = undefined;
    const written = growth(before, await relations(db));
    // the data itself: canonical_data's stored bytes (format byte, length, DEFLATE) against the
    // canonical JSON it holds
    const [data] = await db.$queryRawUnsafe(
      `SELECT avg(octet_length(canonical_data))::float8 AS stored,
              avg(ctxlog_canonical_bytes(canonical_data))::float8 AS json
         FROM contexts`,
    );
    await db.$executeRawUnsafe("VACUUM");
    const vacuumed = growth(before, await relations(db));
    await db.$executeRawUnsafe("VACUUM FULL");
    const compact = growth(before, await relations(db));

    console.log(
      `${contexts} contexts confirmed and ${deliveries} deliveries succeeded (${received} requests received) in ${fmt(seconds, 0)} s`,
    );
    const perContext = (bytes) => fmt(bytes / contexts, 0);
    const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
    console.log(
      "| table (heap + TOAST + indexes) | bytes/context as written | after VACUUM | after VACUUM FULL |",
    );
    console.log("|---|---|---|---|");
    const order = [...written.tables.entries()].sort((a, b) => b[1] - a[1]);
    for (const [table, bytes] of order) {
      if (bytes === 0 && compact.tables.get(table) === 0) continue;
      console.log(
        `| ${table} | ${perContext(bytes)} | ${perContext(vacuumed.tables.get(table))} | ${perContext(compact.tables.get(table))} |`,
      );
    }
    const total = sum(written.tables);
    console.log(
      `| **total** | **${perContext(total)}** | ${perContext(sum(vacuumed.tables))} | ${perContext(sum(compact.tables))} |`,
    );
    console.log(
      `as written ${perContext(total)} bytes per context (target ≤ ${TARGET}: ${total / contexts <= TARGET ? "met" : "NOT met"}); ` +
        `of which the data (canonical_data) ${fmt(data.stored, 0)} bytes stored for ${fmt(data.json, 0)} bytes of canonical JSON ` +
        `(${fmt(data.stored / data.json, 3)})`,
    );
    console.log(
      lib.settingsNote(
        {
          api: stack.env,
          "chain worker": stack.env,
          "webhook worker": { ...stack.env, ...WEBHOOK_WORKER_ENV },
        },
        [
          "autovacuum off on the scratch database's tables (to measure as written)",
          ...(FILLFACTOR ? [`contexts at fillfactor ${FILLFACTOR} (migrations: 100)`] : []),
        ],
      ),
    );
    console.log("\nwhere the bytes go (bytes/context, as written / after VACUUM FULL):");
    console.log("| table | part | as written | compact |");
    console.log("|---|---|---|---|");
    const compactOf = new Map(compact.parts.map((p) => [`${p.table}\u0000${p.part}`, p.bytes]));
    const parts = written.parts
      .filter((p) => p.bytes !== 0 || compactOf.get(`${p.table}\u0000${p.part}`))
      .sort((a, b) =>
        a.table === b.table ? b.bytes - a.bytes : written.tables.get(b.table) - written.tables.get(a.table),
      );
    for (const p of parts) {
      console.log(
        `| ${p.table} | ${p.part} | ${perContext(p.bytes)} | ${perContext(compactOf.get(`${p.table}\u0000${p.part}`) ?? 0)} |`,
      );
    }
    await printColumnWeights(db, ["contexts", "webhook_deliveries", "outbox_events", "confirmed_contexts"]);
    return { written: total / contexts, compact: sum(compact.tables) / contexts };
  } finally {
    if (webhookWorker) await webhookWorker.stop();
    for (const r of receivers) await r.stop();
    await stack.close();
  }
}

lib.runBench(main);
