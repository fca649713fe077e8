#!/usr/bin/env node
// bench:chain — N contexts (default 5,000) POSTed through the real API, end to end to `confirmed`
// by the real chain worker on anvil with 1 s blocks; once with BATCH_MAX=1 and once with
// BATCH_MAX=256, each on a fresh chain, database and Redis prefix, in the same run.
// Prints contexts/s, p50/p99 from POST to confirmed, transactions sent and gas per context.
// Targets: ≥ 500 contexts/s confirmed with batching; gas/context at 256 ≤ 1/100 of BATCH_MAX=1.
const { Pool } = require("undici");
const { fmt, percentile, runBench, startChainStack, waitForConfirmed } = require("./lib");

const CONTEXTS = Number(process.env.BENCH_CHAIN_CONTEXTS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CHAIN_CONCURRENCY ?? 64);
const SPREAD_AGENTS = Number(process.env.BENCH_CHAIN_AGENTS ?? 1000);

async function postAll(port, key, agents) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 });
  const sentAt = new Map();
  let next = 0;
  let failures = 0;
  async function lane() {
    while (next < CONTEXTS) {
      const i = next++;
      const body = JSON.stringify({
        agent_id: agents === 1 ? "bench-agent" : `bench-agent-${i % agents}`,
        context_data: { task: "bench", i, notes: "x".repeat(400) },
      });
      const t0 = Date.now();
      const res = await pool.request({
        path: "/v1/contexts",
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body,
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

async function run(batchMax, agents = 1) {
  // BENCH_WORKER_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the worker
  const workerExecArgv = (process.env.BENCH_WORKER_EXEC_ARGV ?? "").split(" ").filter(Boolean);
  const stack = await startChainStack(
    "ctxlog_bench_chain",
    { BATCH_MAX: String(batchMax) },
    { workerExecArgv },
  );
  const client = stack.db;
  try {
    const started = Date.now();
    const sentAt = await postAll(stack.apiPort, stack.key, agents);
    const postedIn = Date.now() - started;
    await waitForConfirmed(client, CONTEXTS);
    // a context is confirmed with its anchor (its confirmation time is the anchor's)
    // (through confirmed_contexts, where the confirmation writes each context's batch)
    const rows = (
      await client.$queryRawUnsafe(
        "SELECT m.id, a.confirmed_at FROM confirmed_contexts m JOIN anchors a ON a.id = m.anchor_id",
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
    const transactions = await client.anchorTransaction.count();
    return {
      batchMax,
      postsPerSecond: CONTEXTS / (postedIn / 1000),
      endToEndPerSecond: CONTEXTS / ((lastConfirmed - started) / 1000),
      confirmedPerSecond: CONTEXTS / (Math.max(1, lastConfirmed - firstConfirmed) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      transactions,
      anchors: anchors.length,
      gasPerContext: gas / CONTEXTS,
    };
  } finally {
    await stack.close();
  }
}

async function main() {
  console.log(
    `bench:chain — ${CONTEXTS} contexts through POST /v1/contexts, ${CONCURRENCY} concurrent, anvil 1 s blocks, 3 confirmations`,
  );
  const results = [];
  const sizes = (process.env.BENCH_CHAIN_BATCH_SIZES ?? "1,256").split(",").map(Number);
  for (const batchMax of sizes) {
    const r = await run(batchMax);
    results.push(r);
    console.log(
      `BATCH_MAX=${String(r.batchMax).padEnd(4)} posted ${fmt(r.postsPerSecond, 0)}/s · end to end ${fmt(r.endToEndPerSecond, 0)} contexts/s` +
        ` (first POST → last confirmed) · confirmations ${fmt(r.confirmedPerSecond, 0)}/s · POST→confirmed p50 ${fmt(r.p50 / 1000, 2)} s` +
        ` p99 ${fmt(r.p99 / 1000, 2)} s · ${r.transactions} transactions for ${r.anchors} batches · ${fmt(r.gasPerContext, 0)} gas/context`,
    );
  }
  if (results.length < 2) return;
  const [single, batched] = results;
  // the batched run again with the contexts spread over SPREAD_AGENTS agents instead of all in one
  // agent's log: what writing one log from every request costs end to end (every context is an
  // entry of some log; there is no write without one), measured in this same run
  const spread = await run(batched.batchMax, SPREAD_AGENTS);
  const cost = 1 - batched.endToEndPerSecond / spread.endToEndPerSecond;
  console.log(
    `BATCH_MAX=${batched.batchMax} spread over ${SPREAD_AGENTS} agents: end to end ${fmt(spread.endToEndPerSecond, 0)} contexts/s; ` +
      `one agent's log costs ${fmt(100 * cost, 1)} % (target ≤ 10 %: ${cost <= 0.1 ? "met" : "NOT met"})`,
  );
  const gasRatio = batched.gasPerContext / single.gasPerContext;
  console.log(
    `gas per context at 256 / at 1 = ${fmt(gasRatio, 4)} (target ≤ 0.01: ${gasRatio <= 0.01 ? "met" : "NOT met"}); ` +
      `end-to-end contexts/s with batching = ${fmt(batched.endToEndPerSecond, 0)} (target ≥ 500: ${batched.endToEndPerSecond >= 500 ? "met" : "NOT met"}; ` +
      `sustained, the slower of POSTs and confirmations = ${fmt(Math.min(batched.postsPerSecond, batched.confirmedPerSecond), 0)}/s)`,
  );
}

runBench(main);
