#!/usr/bin/env node
// bench:chain — N contexts (default 5,000) of the bench corpus POSTed through the real API, end to
// end to `confirmed` by the real chain worker on anvil with 1 s blocks, each run on a fresh chain,
// database and Redis prefix, the apps at their production defaults but for BATCH_MAX:
//   - BATCH_MAX=1, one agent: the gas of one transaction per context;
//   - then BENCH_CHAIN_ROUNDS rounds (2) at the batched BATCH_MAX (256) of three runs, the order
//     turned round every round (b0 bN b, b bN b0, …):
//       (b0) without agent logs: the API's write swapped for the same rows without sequence, prev
//            link or receipt (bench/unchained-api.js, bench-only), contexts over BENCH_CHAIN_AGENTS
//            agents (1,000);
//       (bN) the real API, the same contexts over the same agents;
//       (b)  the real API, every context in one agent's log.
// Prints contexts/s (posted, end to end first POST → last confirmed, confirmations), p50/p99 from
// POST to confirmed, transactions and gas per context. Figures: what agent logs cost end to end,
// 1 − (bN)/(b0) (target ≤ 10 %); contention on one log, 1 − (b)/(bN); gas per context at 256 ≤ 1/100
// of BATCH_MAX=1 ((b)'s runs); ≥ 500 contexts/s confirmed with batching ((b)'s runs, the worst case).
// Knobs: BENCH_CHAIN_CONTEXTS (5000), BENCH_CHAIN_CONCURRENCY (64), BENCH_CHAIN_AGENTS (1000),
// BENCH_CHAIN_BATCH_SIZES ("1,256": the unbatched and the batched BATCH_MAX), BENCH_CHAIN_ROUNDS
// (2), BENCH_WORKER_EXEC_ARGV (node flags of the chain worker), BENCH_PAYLOAD.
const { Pool } = require("undici");
const lib = require("./lib");

const { fmt, percentile } = lib;
const CONTEXTS = Number(process.env.BENCH_CHAIN_CONTEXTS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CHAIN_CONCURRENCY ?? 64);
const SPREAD_AGENTS = Number(process.env.BENCH_CHAIN_AGENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_CHAIN_ROUNDS ?? 2);
const [UNBATCHED, BATCHED] = (process.env.BENCH_CHAIN_BATCH_SIZES ?? "1,256").split(",").map(Number);

const agentName = (k) => `bench-agent-${String(k).padStart(5, "0")}`;
const bodiesOver = (agents) =>
  Array.from({ length: CONTEXTS }, (_, i) => JSON.stringify(lib.payloadContext(i, agentName(i % agents))));

async function postAll(port, key, bodies) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 });
  const sentAt = new Map();
  let next = 0;
  let failures = 0;
  async function lane() {
    while (next < CONTEXTS) {
      const i = next++;
      const t0 = Date.now();
      const res = await pool.request({
        path: "/v1/contexts",
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: bodies[i],
      });
      const text = await res.body.text();
      if (res.statusCode !== 202) {
        failures++;
        if (failures > 50) throw new Error(`POST failed ${res.statusCode}: ${text}`);
        next--; // try that one again
        continue;
      }
      sentAt.set(JSON.parse(text).context_id, t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  await pool.close();
  return sentAt;
}

/** One run on a stack of its own: `logs` false runs (b0)'s API without agent logs. */
async function run(name, batchMax, agents, logs = true) {
  // BENCH_WORKER_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the worker
  const workerExecArgv = (process.env.BENCH_WORKER_EXEC_ARGV ?? "").split(" ").filter(Boolean);
  const bodies = bodiesOver(agents);
  const stack = await lib.startChainStack(
    "ctxlog_bench_chain",
    { BATCH_MAX: String(batchMax) },
    {
      workerExecArgv,
      ...(logs ? {} : { apiMain: lib.WITHOUT_LOGS.apiMain, prepare: lib.WITHOUT_LOGS.prepare }),
    },
  );
  const client = stack.db;
  try {
    const started = Date.now();
    const sentAt = await postAll(stack.apiPort, stack.key, bodies);
    const postedIn = Date.now() - started;
    await lib.waitForConfirmed(client, CONTEXTS);
    await lib.WITHOUT_LOGS.check(client, !logs, name);
    // a context is confirmed with its anchor (its confirmation time is the anchor's)
    // (through confirmed_contexts, where the confirmation writes each context's batch)
    const rows = (
      await client.$queryRawUnsafe(
        "SELECT m.id, a.confirmed_at FROM confirmed_contexts m JOIN anchors a ON a.ref = m.anchor_ref",
      )
    ).map((r) => ({ id: r.id, confirmedAt: r.confirmed_at }));
    const latencies = rows.map((r) => r.confirmedAt.getTime() - sentAt.get(r.id)).sort((a, b) => a - b);
    const lastConfirmed = Math.max(...rows.map((r) => r.confirmedAt.getTime()));
    const firstConfirmed = Math.min(...rows.map((r) => r.confirmedAt.getTime()));
    const anchors = await client.anchor.findMany({
      where: { status: "confirmed" },
      select: { gasUsed: true },
    });
    const gas = anchors.reduce((sum, a) => sum + Number(a.gasUsed), 0);
    return {
      name,
      batchMax,
      settings: lib.settingsNote({ api: stack.env, "chain worker": stack.env }),
      postsPerSecond: CONTEXTS / (postedIn / 1000),
      endToEndPerSecond: CONTEXTS / ((lastConfirmed - started) / 1000),
      confirmedPerSecond: CONTEXTS / (Math.max(1, lastConfirmed - firstConfirmed) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      transactions: await client.anchorTransaction.count(),
      anchors: anchors.length,
      gasPerContext: gas / CONTEXTS,
    };
  } finally {
    await stack.close();
  }
}

function line(round, r) {
  console.log(
    `| ${round} | ${r.name} | ${r.batchMax} | ${fmt(r.postsPerSecond, 0)} | ${fmt(r.endToEndPerSecond, 0)} | ` +
      `${fmt(r.confirmedPerSecond, 0)} | ${fmt(r.p50 / 1000, 2)} | ${fmt(r.p99 / 1000, 2)} | ` +
      `${r.transactions} for ${r.anchors} | ${fmt(r.gasPerContext, 0)} |`,
  );
}

/** contexts over the summed seconds of the runs */
const rate = (runs, key) => runs.length / runs.reduce((s, r) => s + 1 / r[key], 0);

async function main() {
  console.log(
    `bench:chain — ${new Date().toISOString().slice(0, 10)}, node ${process.version}: ${CONTEXTS} contexts a run through ` +
      `POST /v1/contexts, ${CONCURRENCY} concurrent, anvil 1 s blocks, 3 confirmations`,
  );
  console.log(lib.payloadNote());
  console.log(
    "| round | run | BATCH_MAX | posted/s | end to end contexts/s | confirmations/s | POST→confirmed p50 s | p99 s | transactions for batches | gas/context |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const single = await run(`BATCH_MAX=${UNBATCHED}, one agent`, UNBATCHED, 1);
  line("–", single);
  const runs = { b0: [], bN: [], b: [] };
  const VARIANTS = {
    b0: [`(b0) without agent logs, ${SPREAD_AGENTS} agents`, SPREAD_AGENTS, false],
    bN: [`(bN) ${SPREAD_AGENTS} agents`, SPREAD_AGENTS, true],
    b: ["(b) one agent", 1, true],
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? ["b0", "bN", "b"] : ["b", "bN", "b0"];
    for (const name of order) {
      const [title, agents, logs] = VARIANTS[name];
      const r = await run(title, BATCHED, agents, logs);
      runs[name].push(r);
      line(round, r);
    }
  }
  console.log(runs.bN[0].settings);
  console.log(`(b0): ${lib.WITHOUT_LOGS.note.replace(/^\(b0\) /, "")}`);
  const [b0, bN, b] = ["b0", "bN", "b"].map((name) => rate(runs[name], "endToEndPerSecond"));
  const perRound = runs.bN.map(
    (r, i) => `${fmt(100 * (1 - r.endToEndPerSecond / runs.b0[i].endToEndPerSecond), 1)} %`,
  );
  const cost = 1 - bN / b0;
  console.log(
    `BATCH_MAX=${BATCHED}: agent logs cost ${fmt(100 * cost, 1)} % end to end ((bN) ${fmt(bN, 0)} with logs vs (b0) ${fmt(b0, 0)} ` +
      `contexts/s without, ${SPREAD_AGENTS} agents, ${ROUNDS} runs each in alternating order; per round ${perRound.join(", ")}) ` +
      `(target ≤ 10 %: ${cost <= 0.1 ? "met" : "NOT met"})`,
  );
  const contention = 1 - b / bN;
  console.log(
    `BATCH_MAX=${BATCHED}: one agent's log costs ${fmt(100 * contention, 1)} % end to end against ${SPREAD_AGENTS} agents' logs ` +
      `(contention on one log: (b) ${fmt(b, 0)} vs (bN) ${fmt(bN, 0)} contexts/s, both with logs)`,
  );
  // the one-agent runs as one line each (BATCH_MAX=1, and (b) summed over its rounds)
  const summary = (batchMax, list) =>
    console.log(
      `BATCH_MAX=${String(batchMax).padEnd(4)} posted ${fmt(rate(list, "postsPerSecond"), 0)}/s · end to end ` +
        `${fmt(rate(list, "endToEndPerSecond"), 0)} contexts/s (first POST → last confirmed) · confirmations ` +
        `${fmt(rate(list, "confirmedPerSecond"), 0)}/s · ${fmt(list.reduce((s, r) => s + r.gasPerContext, 0) / list.length, 0)} gas/context, one agent`,
    );
  summary(UNBATCHED, [single]);
  summary(BATCHED, runs.b);
  const batchedGas = runs.b.reduce((s, r) => s + r.gasPerContext, 0) / runs.b.length;
  const gasRatio = batchedGas / single.gasPerContext;
  const sustained = Math.min(rate(runs.b, "postsPerSecond"), rate(runs.b, "confirmedPerSecond"));
  console.log(
    `gas per context at ${BATCHED} / at ${UNBATCHED} = ${fmt(gasRatio, 4)} (target ≤ 0.01: ${gasRatio <= 0.01 ? "met" : "NOT met"}); ` +
      `end-to-end contexts/s with batching, one agent = ${fmt(b, 0)} (target ≥ 500: ${b >= 500 ? "met" : "NOT met"}; ` +
      `sustained, the slower of POSTs and confirmations = ${fmt(sustained, 0)}/s)`,
  );
}

lib.runBench(main);
