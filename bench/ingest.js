#!/usr/bin/env node
// bench:ingest — in one run on one machine, against the real stack:
//   (a) the bare express route of bench:api; (b) single POST /v1/contexts; (c) POST /v1/contexts/batch
//   with 100 items a request; (d) the SDK's ContextLogger from 64 concurrent producers. Every context
//   is one of the bench corpus (bench/corpus; BENCH_PAYLOAD another payload), the apps run at their
//   production defaults (what the bench changes is printed beside the figures).
//   Each prints contexts/s accepted, p50/p99 per request (for (d): per log() call) and CPU per
//   context of the API, PostgreSQL and Redis (from /proc; PostgreSQL and Redis are whole servers).
// Then end to end on anvil (1 s blocks, 3 confirmations): N contexts (default 50,000) through (c),
// contexts/s from the first POST to the last confirmed, transactions sent, gas per context.
// Targets (issue 23): (c) ≥ 12,000 contexts/s; end to end ≥ 5,000/s; (b)/(a) ≥ 0.30 (and issue 13's
// p99 of (b) ≤ 50 ms).
// Knobs: BENCH_DURATION_SECONDS (10), BENCH_CONNECTIONS (50, for a and b), BENCH_BATCH_CONNECTIONS
// (16, for c), BENCH_PRODUCERS (64, for d), BENCH_E2E_CONTEXTS (50000; 0 skips it),
// BENCH_E2E_BATCH_MAX (the chain worker's BATCH_MAX, default 4096, its default), BENCH_E2E_BATCH_WINDOW_MS
// (its BATCH_WINDOW_MS, default 1000), BENCH_E2E_ONLY (1: the end-to-end run alone),
// BENCH_WORKER_EXEC_ARGV (node flags of the chain worker), BENCH_PRODUCER_WINDOW (32 logs unanswered
// per producer in (d)), BENCH_INGEST_RUNS (which of a,b,c,d to run, default "a,b,c,d"; e.g. "c"
// alone to measure the batch route), BENCH_API_CPU_PROF (a directory: the API runs under
// `node --cpu-prof` and writes its profile there when it stops). The end-to-end run also prints CPU
// µs per context of each process, PostgreSQL's backends split by the client they serve
// (bench/role-sampler.js).
const path = require("node:path");
const { Pool } = require("undici");
const lib = require("./lib");
const { startRoleSampler } = require("./role-sampler");

const { root, fmt, percentile } = lib;
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 16);
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 64);
const E2E_CONTEXTS = Number(process.env.BENCH_E2E_CONTEXTS ?? 50_000);
const E2E_BATCH_MAX = process.env.BENCH_E2E_BATCH_MAX ?? "4096";
const E2E_BATCH_WINDOW_MS = process.env.BENCH_E2E_BATCH_WINDOW_MS ?? "1000";
const E2E_ONLY = process.env.BENCH_E2E_ONLY === "1";
const E2E_FILLFACTOR = process.env.BENCH_E2E_CONTEXTS_FILLFACTOR;
const BATCH = 100;
// BENCH_INGEST_AGENTS (default 1): (c)'s requests rotate over this many agents' logs, a request's
// 100 contexts all of one agent (one agent: every write takes the same log head, in series)
const AGENTS = Number(process.env.BENCH_INGEST_AGENTS ?? 1);
const RUN_TITLES = {
  b: "(b) POST /v1/contexts",
  c: `(c) POST /v1/contexts/batch, ${BATCH} contexts a request${AGENTS > 1 ? `, ${AGENTS} agents` : ""}`,
};
const RUNS = new Set((process.env.BENCH_INGEST_RUNS ?? "a,b,c,d").split(",").map((r) => r.trim()));
const CPU_PROF_DIR = process.env.BENCH_API_CPU_PROF;

// the corpus' contexts in turn: (b) one a request, (c) and the end-to-end run 100 a request, request
// j of agent j mod AGENTS (one agent: "bench-agent")
const CORPUS_ENTRIES = require("./corpus/corpus").ENTRIES;
const singleBodies = Array.from({ length: CORPUS_ENTRIES }, (_, i) => JSON.stringify(lib.payloadContext(i)));
const agentOf = (j) => (AGENTS > 1 ? `bench-agent-${j % AGENTS}` : "bench-agent");
const batchBodies = Array.from({ length: Math.max(CORPUS_ENTRIES / BATCH, AGENTS) }, (_, j) =>
  JSON.stringify({
    contexts: Array.from({ length: BATCH }, (_, n) => lib.payloadContext(j * BATCH + n, agentOf(j))),
  }),
);

async function cannon(url, headers, body, connections, bodies) {
  await lib.postLoad(url, { headers, body, bodies, connections, seconds: Math.min(3, DURATION) }); // warm-up
  return lib.postLoad(url, { headers, body, bodies, connections, seconds: DURATION });
}

/** contexts/s, latency and CPU per context of a run. */
function row(name, contexts, seconds, latency, cpu, roles) {
  const perContext = {};
  for (const role of roles) perContext[role] = ((cpu[role] ?? 0) * 1000) / Math.max(1, contexts); // µs
  return { name, perSecond: contexts / seconds, p50: latency.p50, p99: latency.p99, perContext };
}

async function measured(pidRoles, fn) {
  const before = lib.cpuByRole(pidRoles);
  const result = await fn();
  return { result, cpu: lib.cpuSpent(before, lib.cpuByRole(pidRoles)) };
}

/**
 * (d): PRODUCERS async loops calling log() for DURATION seconds, each with up to PRODUCER_WINDOW
 * logs unanswered (an agent logs its steps and goes on; it does not wait for each record), so the
 * logger's batches fill; latency is per log() call, from the call to its record.
 */
const PRODUCER_WINDOW = Number(process.env.BENCH_PRODUCER_WINDOW ?? 32);
async function loggerRun(port, key) {
  const { ContextLogger, CtxlogClient } = require(path.join(root, "packages/sdk/dist"));
  const client = new CtxlogClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: key });
  const logger = new ContextLogger(client, { maxBatchSize: BATCH, flushIntervalMs: 200 });
  const latencies = [];
  const started = Date.now();
  const until = started + DURATION * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      const window = [];
      while (Date.now() < until) {
        const t0 = performance.now();
        window.push(logger.log(lib.payloadContext(n++)).then(() => latencies.push(performance.now() - t0)));
        if (window.length >= PRODUCER_WINDOW) await window.shift();
      }
      await Promise.all(window);
    }),
  );
  await logger.close();
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    contexts: latencies.length,
    seconds,
    latency: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)) },
  };
}

async function acceptanceRuns() {
  const scratch = await lib.benchStack("ctxlog_bench_ingest");
  const { key } = await lib.createBenchKeyIn(scratch.databaseUrl);
  const env = scratch.env;
  const auth = { authorization: `Bearer ${key}` };
  const roles = ["api", "postgres", "redis"];
  const rows = {};
  const errors = {};
  try {
    if (RUNS.has("a")) {
      const bare = await lib.startProcess(path.join(__dirname, "bare-server.js"), {});
      const a = await measured({ [bare.pid]: "api" }, () =>
        cannon(`http://127.0.0.1:${bare.port}/v1/contexts`, {}, undefined, CONNECTIONS, singleBodies),
      );
      rows.a = row(
        "(a) bare express route",
        a.result["2xx"],
        a.result.duration,
        a.result.latency,
        a.cpu,
        roles,
      );
      await bare.stop();
    }

    const profiled = CPU_PROF_DIR
      ? ["--cpu-prof", "--cpu-prof-interval=250", `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`]
      : [];
    const api = await lib.startProcess(path.join(root, "apps/api/dist/main.js"), env, "/healthz", [
      ...process.execArgv,
      ...profiled,
    ]);
    const pids = { [api.pid]: "api" };
    const base = `http://127.0.0.1:${api.port}/v1/contexts`;
    // one autocannon run: contexts accepted = 2xx answers × contexts per request
    const cannonRun = async (name, url, body, connections, perRequest, bodies) => {
      const m = await measured(pids, () => cannon(url, auth, body, connections, bodies));
      const { result } = m;
      rows[name] = row(
        RUN_TITLES[name],
        result["2xx"] * perRequest,
        result.duration,
        result.latency,
        m.cpu,
        roles,
      );
      errors[name] = result.non2xx + result.errors + result.timeouts;
    };
    if (RUNS.has("b")) await cannonRun("b", base, undefined, CONNECTIONS, 1, singleBodies);
    if (RUNS.has("c"))
      await cannonRun("c", `${base}/batch`, undefined, BATCH_CONNECTIONS, BATCH, batchBodies);
    if (RUNS.has("d")) {
      const d = await measured(pids, () => loggerRun(api.port, key));
      rows.d = row(
        `(d) ContextLogger, ${PRODUCERS} producers`,
        d.result.contexts,
        d.result.seconds,
        d.result.latency,
        d.cpu,
        roles,
      );
    }
    await api.stop();
    return { rows, errors, settings: lib.settingsNote({ api: env }) };
  } finally {
    await scratch.drop();
  }
}

async function endToEnd() {
  // BENCH_WORKER_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the chain worker
  const workerExecArgv = (process.env.BENCH_WORKER_EXEC_ARGV ?? "").split(" ").filter(Boolean);
  const stack = await lib.startChainStack(
    "ctxlog_bench_ingest_e2e",
    { BATCH_MAX: E2E_BATCH_MAX, BATCH_WINDOW_MS: E2E_BATCH_WINDOW_MS },
    { workerExecArgv },
  );
  try {
    const pool = new Pool(`http://127.0.0.1:${stack.apiPort}`, { connections: BATCH_CONNECTIONS });
    const batches = Math.ceil(E2E_CONTEXTS / BATCH);
    let next = 0;
    const [{ name: databaseName }] = await stack.db.$queryRawUnsafe("SELECT current_database() AS name");
    // BENCH_E2E_CONTEXTS_FILLFACTOR: another fillfactor for contexts (its migrations set one), set
    // while the table is still empty, to weigh HOT confirmations against the bytes they reserve
    if (E2E_FILLFACTOR) {
      await stack.db.$executeRawUnsafe(`ALTER TABLE contexts SET (fillfactor = ${Number(E2E_FILLFACTOR)})`);
    }
    // the chain worker is up once it holds the signer's lease: its start-up is not counted
    for (let i = 0; i < 600; i++) {
      if ((await stack.db.$queryRawUnsafe("SELECT 1 FROM signer_leases")).length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const sampler = startRoleSampler({
      roles: () => ({ [stack.apiPid]: "api", [stack.workerPid]: "chain-worker", [process.pid]: "bench" }),
      db: stack.db,
      databaseName,
    });
    await sampler.ready;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: BATCH_CONNECTIONS }, async () => {
        while (next < batches) {
          const j = next++;
          const res = await pool.request({
            path: "/v1/contexts/batch",
            method: "POST",
            headers: { authorization: `Bearer ${stack.key}`, "content-type": "application/json" },
            body: batchBodies[j % batchBodies.length],
          });
          const text = await res.body.text();
          if (res.statusCode !== 202) throw new Error(`batch POST ${res.statusCode}: ${text.slice(0, 200)}`);
        }
      }),
    );
    const postedMs = Date.now() - started;
    await pool.close();
    await lib.waitForConfirmed(stack.db, batches * BATCH);
    const cpu = await sampler.stop();
    // a context is confirmed with its anchor (its confirmation time is the anchor's)
    const last = await stack.db.anchor.aggregate({
      where: { status: "confirmed" },
      _max: { confirmedAt: true },
      _min: { confirmedAt: true },
    });
    const anchors = await stack.db.anchor.findMany({
      where: { status: "confirmed" },
      select: { gasUsed: true },
    });
    const gas = anchors.reduce((sum, a) => sum + Number(a.gasUsed), 0);
    // how many of the contexts' row updates were HOT (a new version on the same page, no index
    // entry), as the backends have reported them by now
    await new Promise((r) => setTimeout(r, 1_500));
    const [updates] = await stack.db.$queryRawUnsafe(
      `SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'contexts'`,
    );
    return {
      settings: lib.settingsNote({ api: stack.env, "chain worker": stack.env }),
      contextUpdates: updates,
      contexts: batches * BATCH,
      postsPerSecond: (batches * BATCH) / (postedMs / 1000),
      perSecond: (batches * BATCH) / ((last._max.confirmedAt.getTime() - started) / 1000),
      firstConfirmedSeconds: (last._min.confirmedAt.getTime() - started) / 1000,
      transactions: await stack.db.anchorTransaction.count(),
      anchors: anchors.length,
      gasPerContext: gas / (batches * BATCH),
      cpuPerContext: Object.fromEntries(
        Object.entries(cpu)
          .filter(([role]) => role !== "other")
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([role, ms]) => [role, (ms * 1000) / (batches * BATCH)]),
      ),
    };
  } finally {
    await stack.close();
  }
}

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  console.log(`bench:ingest — ${date}, node ${process.version}, ${DURATION} s per run`);
  console.log(lib.payloadNote());
  if (!E2E_ONLY) await acceptance();
  if (E2E_CONTEXTS > 0) {
    const e = await endToEnd();
    console.log(
      `end to end: ${e.contexts} contexts through (c), BATCH_MAX=${E2E_BATCH_MAX}, BATCH_WINDOW_MS=${E2E_BATCH_WINDOW_MS}: posted ${fmt(e.postsPerSecond, 0)}/s, ` +
        `${fmt(e.perSecond, 0)} contexts/s first POST → last confirmed (target ≥ 5,000: ${e.perSecond >= 5_000 ? "met" : "MISSED"}), ` +
        `${e.transactions} transactions for ${e.anchors} batches, ${fmt(e.gasPerContext, 1)} gas/context, ` +
        `first confirmed ${fmt(e.firstConfirmedSeconds, 1)} s after the first POST`,
    );
    const cpu = Object.entries(e.cpuPerContext).map(([role, us]) => `${role} ${fmt(us, 1)}`);
    console.log(`  CPU µs per context, first POST → last confirmed: ${cpu.join(", ")}`);
    console.log(`  ${e.settings}`);
    const u = e.contextUpdates;
    console.log(
      `  contexts rows updated: ${u.updates}, of which HOT ${u.hot}${E2E_FILLFACTOR ? ` (fillfactor ${E2E_FILLFACTOR})` : ""}`,
    );
  }
}

async function acceptance() {
  const { rows, errors, settings } = await acceptanceRuns();
  console.log(settings);
  console.log(
    "| run | contexts/s | p50 ms | p99 ms | API µs/context | PostgreSQL µs/context | Redis µs/context |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const r of Object.values(rows)) {
    const cpu = ["api", "postgres", "redis"].map((role) => fmt(r.perContext[role], 0));
    console.log(`| ${r.name} | ${fmt(r.perSecond, 0)} | ${r.p50} | ${r.p99} | ${cpu.join(" | ")} |`);
  }
  const { a, b, c } = rows;
  console.log(`errors or non-2xx: (b) ${errors.b ?? "-"}, (c) ${errors.c ?? "-"}`);
  if (a && b) {
    const ratio = b.perSecond / a.perSecond;
    console.log(
      `(b)/(a) = ${fmt(ratio, 3)}, p99 of (b) ${b.p99} ms (target ≥ 0.30 and ≤ 50 ms: ${ratio >= 0.3 && b.p99 <= 50 ? "met" : "MISSED"})`,
    );
  }
  if (c) {
    console.log(
      `(c) ${fmt(c.perSecond, 0)} contexts/s (target ≥ 12,000: ${c.perSecond >= 12_000 ? "met" : "MISSED"})`,
    );
  }
}

lib.runBench(main);
