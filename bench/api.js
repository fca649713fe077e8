#!/usr/bin/env node
// bench:api — in one run on one machine, autocannon POSTing the bench corpus' contexts (bench/corpus,
// BENCH_PAYLOAD another payload) over the same connections, for each API_PROCESSES count of
// BENCH_API_PROCESSES ("1,2"):
//   (a)  a bare express route that parses the JSON body and answers 202 (as many processes);
//   (b0) POST /v1/contexts without agent logs: the real API with its write swapped for the same
//        rows without sequence, prev link or receipt (bench/unchained-api.js, bench-only), on a
//        database without the two indexes of the logs, requests spread over BENCH_API_AGENTS agents;
//   (bN) POST /v1/contexts, the real API, the same requests over the same agents (logs on);
//   (b)  POST /v1/contexts, the real API, every request in one agent's log (the worst case: each
//        write waits for the one before it on the log's head);
//   (c)  once, with one process: the floor (bench/floor-server.js), the required work alone.
// (b0), (bN) and (b) each have a stack of their own (database, Redis prefix, API process, all at
// production defaults but for the bench's rate-limit plan), started before the first run; then
// BENCH_API_ROUNDS rounds (2) of one measured run each, the order turned round every round (b0 bN b,
// b bN b0, …), so drift in a shared machine favours none, and each stack's tables grow by its own
// runs only (comparable sizes). Figures:
//   - what agent logs cost: 1 − (bN)/(b0) in requests/s (target ≤ 10 %), and the CPU each adds;
//   - contention on one log: 1 − (b)/(bN), both with logs;
//   - b/a ≥ 0.35 with p99 ≤ 50 ms at 50 connections (issue 13), b being the one-agent run.
// Knobs: BENCH_CONNECTIONS (50), BENCH_DURATION_SECONDS (10 per run; the first run of each stack
// is preceded by a warm-up of up to 3 s), BENCH_API_PROCESSES ("1,2"), BENCH_API_AGENTS (1000),
// BENCH_API_ROUNDS (2), BENCH_PAYLOAD (corpus | incompressible | x800).
const path = require("node:path");
const lib = require("./lib");

const { root, fmt } = lib;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const AGENTS = Number(process.env.BENCH_API_AGENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 2);
const PROCESS_COUNTS = (process.env.BENCH_API_PROCESSES ?? "1,2").split(",").map(Number);
const ENTRIES = require("./corpus/corpus").ENTRIES;

// the same contexts for every run; agent ids of one length, so (b) and (bN) send the same bytes
const agentName = (k) => `bench-agent-${String(k).padStart(5, "0")}`;
const BODY_COUNT = Math.max(ENTRIES, AGENTS);
const bodiesOver = (agents) =>
  Array.from({ length: BODY_COUNT }, (_, i) => JSON.stringify(lib.payloadContext(i, agentName(i % agents))));
const spreadBodies = bodiesOver(AGENTS);
const oneAgentBodies = bodiesOver(1);
const meanBody = spreadBodies.reduce((n, b) => n + Buffer.byteLength(b), 0) / BODY_COUNT;

const load = (url, headers, bodies, seconds = DURATION) =>
  lib.postLoad(url, { headers, bodies, connections: CONNECTIONS, seconds });

const VARIANTS = {
  b0: {
    title: "(b0) POST /v1/contexts without agent logs",
    main: lib.WITHOUT_LOGS.apiMain,
    bodies: spreadBodies,
    agents: AGENTS,
  },
  bN: {
    title: "(bN) POST /v1/contexts",
    main: path.join(root, "apps/api/dist/main.js"),
    bodies: spreadBodies,
    agents: AGENTS,
  },
  b: {
    title: "(b) POST /v1/contexts",
    main: path.join(root, "apps/api/dist/main.js"),
    bodies: oneAgentBodies,
    agents: 1,
  },
};

async function startVariant(name, processes) {
  const variant = VARIANTS[name];
  const stack = await lib.benchStack(`ctxlog_bench_api_${name.toLowerCase()}`);
  const { key, record } = await lib.createBenchKeyIn(stack.databaseUrl);
  const db = require(path.join(root, "packages/db/dist")).createDb(stack.databaseUrl, { poolSize: 1 });
  if (name === "b0") await lib.WITHOUT_LOGS.prepare(db);
  const env = { ...stack.env, API_PROCESSES: String(processes) };
  const api = await lib.startProcess(variant.main, env);
  const url = `http://127.0.0.1:${api.port}/v1/contexts`;
  const auth = { authorization: `Bearer ${key}` };
  await load(url, auth, variant.bodies, Math.min(3, DURATION)); // warm-up
  return { name, variant, stack, env, record, db, api, url, auth, runs: [] };
}

/** One measured run of a started variant, with the CPU of its API and of PostgreSQL per request. */
async function measure(v, round) {
  const before = lib.cpuByRole({ [v.api.pid]: "api" });
  const r = await load(v.url, v.auth, v.variant.bodies);
  const cpu = lib.cpuSpent(before, lib.cpuByRole({ [v.api.pid]: "api" }));
  const ok = r["2xx"];
  const run = {
    round,
    rps: ok / r.duration,
    ok,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    apiUs: ((cpu.api ?? 0) * 1000) / Math.max(1, ok),
    pgUs: ((cpu.postgres ?? 0) * 1000) / Math.max(1, ok),
  };
  v.runs.push(run);
  return run;
}

const total = (runs) => {
  const ok = runs.reduce((n, r) => n + r.ok, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const mean = (key) => runs.reduce((n, r) => n + r[key] * r.ok, 0) / Math.max(1, ok);
  return {
    rps: ok / seconds,
    apiUs: mean("apiUs"),
    pgUs: mean("pgUs"),
    p99: Math.max(...runs.map((r) => r.p99)),
  };
};

async function runProcesses(processes) {
  const plural = processes > 1 ? "es" : "";
  const bare = await lib.startProcess(path.join(__dirname, "bare-server.js"), {
    BARE_PROCESSES: String(processes),
  });
  const bareUrl = `http://127.0.0.1:${bare.port}/v1/contexts`;
  await load(bareUrl, {}, spreadBodies, Math.min(3, DURATION)); // warm-up
  const a = await load(bareUrl, {}, spreadBodies);
  await bare.stop();
  const started = {};
  const out = {
    processes,
    a: {
      rps: a["2xx"] / a.duration,
      p50: a.latency.p50,
      p99: a.latency.p99,
      errors: a.non2xx + a.errors + a.timeouts,
    },
  };
  try {
    for (const name of Object.keys(VARIANTS)) started[name] = await startVariant(name, processes);
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? ["b0", "bN", "b"] : ["b", "bN", "b0"];
      for (const name of order) await measure(started[name], round);
    }
    for (const v of Object.values(started))
      await lib.WITHOUT_LOGS.check(v.db, v.name === "b0", v.variant.title);
    out.settings = lib.settingsNote({ api: started.bN.env }, [lib.WITHOUT_LOGS.note]);
    if (processes === 1) {
      // (c) the floor, on (bN)'s database, once the rounds are over
      const floor = await lib.startProcess(path.join(__dirname, "floor-server.js"), {
        ...started.bN.env,
        FLOOR_KEY_ID: started.bN.record.id,
      });
      const floorUrl = `http://127.0.0.1:${floor.port}/v1/contexts`;
      await load(floorUrl, started.bN.auth, spreadBodies, Math.min(3, DURATION));
      const c = await load(floorUrl, started.bN.auth, spreadBodies);
      await floor.stop();
      out.c = {
        rps: c["2xx"] / c.duration,
        p50: c.latency.p50,
        p99: c.latency.p99,
        errors: c.non2xx + c.errors + c.timeouts,
      };
    }
    out.variants = Object.fromEntries(Object.entries(started).map(([name, v]) => [name, v.runs]));
    out.plural = plural;
    return out;
  } finally {
    for (const v of Object.values(started)) {
      await v.api.stop();
      await v.db.$disconnect();
      await v.stack.drop();
    }
  }
}

function report(r) {
  const p = `API_PROCESSES=${r.processes}`;
  console.log(`\n${r.settings}`);
  console.log(
    "| round | run | req/s | p50 ms | p99 ms | errors | API CPU µs/request | PostgreSQL CPU µs/request |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  console.log(
    `| – | (a) bare express 202, ${r.processes} process${r.plural} | ${fmt(r.a.rps, 0)} | ${r.a.p50} | ${r.a.p99} | ${r.a.errors} | | |`,
  );
  const rows = [];
  for (const [name, runs] of Object.entries(r.variants)) for (const run of runs) rows.push({ name, ...run });
  rows.sort((x, y) => x.round - y.round);
  for (const run of rows) {
    const v = VARIANTS[run.name];
    const who = v.agents === 1 ? "one agent" : `${v.agents} agents`;
    console.log(
      `| ${run.round} | ${v.title}, ${p}, ${who} | ${fmt(run.rps, 0)} | ${run.p50} | ${run.p99} | ${run.errors} | ${fmt(run.apiUs, 0)} | ${fmt(run.pgUs, 0)} |`,
    );
  }
  if (r.c)
    console.log(
      `| – | (c) floor: rate limit, hash, sign, batched insert + job, nothing else | ${fmt(r.c.rps, 0)} | ${r.c.p50} | ${r.c.p99} | ${r.c.errors} | | |`,
    );
  const b0 = total(r.variants.b0);
  const bN = total(r.variants.bN);
  const b = total(r.variants.b);
  const perRound = r.variants.bN.map((run, i) => `${fmt(100 * (1 - run.rps / r.variants.b0[i].rps), 1)} %`);
  const cost = 1 - bN.rps / b0.rps;
  console.log(
    `${p}: agent logs cost ${fmt(100 * cost, 1)} % of throughput ((bN) ${fmt(bN.rps, 0)} with logs vs (b0) ${fmt(b0.rps, 0)} req/s without, ` +
      `${AGENTS} agents, ${ROUNDS} runs each in alternating order; per round ${perRound.join(", ")}) ` +
      `(target ≤ 10 %: ${cost <= 0.1 ? "met" : "NOT met"}); they add ${fmt(bN.apiUs - b0.apiUs, 0)} µs of API CPU and ` +
      `${fmt(bN.pgUs - b0.pgUs, 0)} µs of PostgreSQL CPU per request (PostgreSQL: the whole server)`,
  );
  const contention = 1 - b.rps / bN.rps;
  console.log(
    `${p}: one agent's log costs ${fmt(100 * contention, 1)} % of throughput against ${AGENTS} agents' logs ` +
      `(contention on one log: (b) ${fmt(b.rps, 0)} vs (bN) ${fmt(bN.rps, 0)} req/s, both with logs)`,
  );
  const ratio = b.rps / r.a.rps;
  console.log(
    `${p}: ratio b/a = ${fmt(ratio, 3)}, p99 of b = ${b.p99} ms (target ≥ 0.35 and ≤ 50 ms: ${ratio >= 0.35 && b.p99 <= 50 ? "met" : "NOT met"}); ` +
      `with ${AGENTS} agents bN/a = ${fmt(bN.rps / r.a.rps, 3)}`,
  );
  if (r.c)
    console.log(
      `  floor c/a = ${fmt(r.c.rps / r.a.rps, 3)}: the most the required work allows here; the API (bN) reaches ${fmt(bN.rps / r.c.rps, 2)} of it`,
    );
}

async function main() {
  console.log(
    `bench:api — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${CONNECTIONS} connections, ` +
      `${DURATION} s a run, ${ROUNDS} rounds; mean body ${fmt(meanBody, 0)} bytes`,
  );
  console.log(lib.payloadNote());
  for (const processes of PROCESS_COUNTS) report(await runProcesses(processes));
}

lib.runBench(main);
