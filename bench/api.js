#!/usr/bin/env node
// bench:api — in one run on one machine, autocannon against (a) a bare express route that parses
// the JSON body and answers 202, and (b) the real POST /v1/contexts (auth, rate limit, validation,
// canonical hash, signature, PostgreSQL insert, queue), same body and connections.
// Target: b/a ≥ 0.35 with p99 ≤ 50 ms at 50 connections.
const path = require("node:path");
const { randomBytes } = require("node:crypto");
const autocannon = require("autocannon");
const { root, REDIS_URL, scratchDatabase, startProcess, deleteRedisPrefix, fmt } = require("./lib");

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const body = JSON.stringify({
  agent_id: "bench-agent",
  context_data: {
    task: "summarize",
    notes: "x".repeat(800),
    steps: Array.from({ length: 10 }, (_, i) => ({ i })),
  },
  metadata: { run: 1 },
});

function load(url, headers) {
  return autocannon({
    url,
    method: "POST",
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

function summary(name, r) {
  const ok = r["2xx"];
  return {
    name,
    rps: ok / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
  };
}

async function main() {
  const database = await scratchDatabase("ctxlog_bench_api");
  const prefix = `ctxlog-bench-${randomBytes(4).toString("hex")}`;
  const db = require(path.join(root, "packages/db/dist"));
  const client = db.createDb(database.url, { poolSize: 2 });
  const { key } = await db.createApiKey(client, { userId: "bench", type: "full", plan: "bench" });
  await client.$disconnect();

  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SIGNER_PRIVATE_KEY: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    PORT: "0",
    LOG_LEVEL: "warn",
    PLAN_RATE_LIMITS: "free:600,bench:100000000",
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "20",
  };
  const results = [];
  try {
    const bare = await startProcess(path.join(__dirname, "bare-server.js"), {});
    await load(`http://127.0.0.1:${bare.port}/v1/contexts`, {}); // warm-up
    results.push(
      summary("(a) bare express 202", await load(`http://127.0.0.1:${bare.port}/v1/contexts`, {})),
    );
    await bare.stop();

    const api = await startProcess(path.join(root, "apps/api/dist/main.js"), {
      ...env,
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? "info",
    });
    const auth = { authorization: `Bearer ${key}` };
    await load(`http://127.0.0.1:${api.port}/v1/contexts`, auth); // warm-up
    results.push(
      summary("(b) POST /v1/contexts", await load(`http://127.0.0.1:${api.port}/v1/contexts`, auth)),
    );
    await api.stop();
  } finally {
    await deleteRedisPrefix(prefix);
    await database.drop();
  }

  const [a, b] = results;
  console.log(
    `\nbench:api — ${CONNECTIONS} connections, ${DURATION} s each, body ${body.length} bytes, node ${process.version}`,
  );
  console.log("| run | req/s | p50 ms | p99 ms | errors |");
  console.log("|---|---|---|---|---|");
  for (const r of results)
    console.log(`| ${r.name} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  const ratio = b.rps / a.rps;
  console.log(`\nratio b/a = ${fmt(ratio, 3)} (target ≥ 0.35); p99 of b = ${b.p99} ms (target ≤ 50 ms)`);
  console.log(ratio >= 0.35 && b.p99 <= 50 ? "targets met" : "TARGETS MISSED");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
