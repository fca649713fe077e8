#!/usr/bin/env node
// bench:verify — N contexts (default 1,000) POSTed through the real API and confirmed by the real
// chain worker on anvil with 1 s blocks, then each verified twice in the same run:
//   (a) through the API: POST /v1/verifications {context_id} (DB lookup, RPC reads, checks, the
//       verification row and its verification.completed event);
//   (b) through the SDK's independent path: verifyContext(proof bundle, { rpcUrl }) from
//       packages/sdk/dist, trusting no one (bundles fetched first, not timed).
// Prints verifications/s and p50/p99 of verification_time_ms (API: as the API measured it, plus
// the client-side latency; SDK: the time of each verifyContext call). Every verification must pass.
const path = require("node:path");
const { fork } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const { Pool } = require("undici");
const { root, REDIS_URL, scratchDatabase, startProcess, deleteRedisPrefix, fmt } = require("./lib");

const CONTEXTS = Number(process.env.BENCH_VERIFY_CONTEXTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_VERIFY_CONCURRENCY ?? 16);
const SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const contracts = require(path.join(root, "packages/contracts/dist"));
const dbModule = require(path.join(root, "packages/db/dist"));
const sdk = require(path.join(root, "packages/sdk/dist"));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `task(i)` for i in [0, n) with `lanes` in flight; returns the wall time in ms. */
async function pooled(n, lanes, task) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < n) await task(next++);
    }),
  );
  return performance.now() - started;
}

function api(port, key) {
  const pool = new Pool(`http://127.0.0.1:${port}`, {
    connections: Math.max(CONCURRENCY, 64),
    pipelining: 1,
  });
  const call = async (method, urlPath, body) => {
    const res = await pool.request({
      path: urlPath,
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : null };
  };
  return { call, close: () => pool.close() };
}

function startWorker(env) {
  const child = fork(path.join(root, "apps/chain-worker/dist/main.js"), [], {
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}

async function main() {
  console.log(
    `bench:verify — ${CONTEXTS} confirmed contexts (anvil, 1 s blocks, 3 confirmations), ` +
      `${CONCURRENCY} verifications in flight, API path then SDK path`,
  );
  const anvil = await contracts.startAnvil({ blockTimeSeconds: 1 });
  const registry = await contracts.deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: SIGNER });
  const database = await scratchDatabase("ctxlog_bench_verify");
  const prefix = `ctxlog-bench-${randomBytes(4).toString("hex")}`;
  const db = dbModule.createDb(database.url, { poolSize: 2 });
  const { key } = await dbModule.createApiKey(db, { userId: "bench", type: "full", plan: "bench" });
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SIGNER_PRIVATE_KEY: SIGNER,
    RPC_URL: anvil.rpcUrl,
    CHAIN_ID: String(anvil.chainId),
    REGISTRY_ADDRESS: registry.address,
    CONFIRMATIONS: "3",
    BATCH_MAX: "256",
    BATCH_WINDOW_MS: "1000",
    LOG_LEVEL: "warn",
    PLAN_RATE_LIMITS: "free:600,bench:100000000",
  };
  const server = await startProcess(path.join(root, "apps/api/dist/main.js"), {
    ...env,
    DATABASE_POOL_SIZE: "20",
  });
  const worker = startWorker({ ...env, DATABASE_POOL_SIZE: "10" });
  const client = api(server.port, key);
  try {
    // --- set-up: contexts through the API, confirmed by the chain worker -----------------------
    const ids = new Array(CONTEXTS);
    const setupStarted = Date.now();
    await pooled(CONTEXTS, 64, async (i) => {
      const res = await client.call("POST", "/v1/contexts", {
        agent_id: "bench-agent",
        context_data: { task: "bench", i, notes: "x".repeat(400) },
        metadata: { run: 1 },
      });
      if (res.status !== 202) throw new Error(`POST /v1/contexts ${res.status}: ${JSON.stringify(res.body)}`);
      ids[i] = res.body.context_id;
    });
    for (;;) {
      const confirmed = await db.context.count({ where: { status: "confirmed" } });
      if (confirmed === CONTEXTS) break;
      if ((await db.context.count({ where: { status: "failed" } })) > 0) throw new Error("contexts failed");
      if (Date.now() - setupStarted > 600_000) throw new Error(`only ${confirmed}/${CONTEXTS} confirmed`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const anchors = await db.anchor.count({ where: { status: "confirmed" } });
    console.log(
      `set-up: ${CONTEXTS} contexts confirmed in ${anchors} batches in ${fmt((Date.now() - setupStarted) / 1000)} s`,
    );

    // --- (a) through the API --------------------------------------------------------------------
    const serverMs = [];
    const clientMs = [];
    let apiFailed = 0;
    const apiWall = await pooled(CONTEXTS, CONCURRENCY, async (i) => {
      const t0 = performance.now();
      const res = await client.call("POST", "/v1/verifications", { context_id: ids[i] });
      clientMs.push(performance.now() - t0);
      if (res.status !== 200)
        throw new Error(`POST /v1/verifications ${res.status}: ${JSON.stringify(res.body)}`);
      if (!res.body.verified) apiFailed++;
      serverMs.push(res.body.verification_time_ms);
    });
    const events = await db.outboxEvent.count({ where: { event: "verification.completed" } });

    // --- (b) through the SDK, trusting no one ---------------------------------------------------
    const bundles = new Array(CONTEXTS);
    await pooled(CONTEXTS, 32, async (i) => {
      const res = await client.call("GET", `/v1/contexts/${ids[i]}/proof`);
      if (res.status !== 200) throw new Error(`GET proof ${res.status}`);
      bundles[i] = res.body;
    });
    const sdkMs = [];
    let sdkFailed = 0;
    const sdkWall = await pooled(CONTEXTS, CONCURRENCY, async (i) => {
      const t0 = performance.now();
      const result = await sdk.verifyContext(bundles[i], { rpcUrl: anvil.rpcUrl });
      sdkMs.push(performance.now() - t0);
      if (!result.verified) sdkFailed++;
    });

    const report = (label, wall, samples, extra) => {
      const sorted = [...samples].sort((a, b) => a - b);
      console.log(
        `${label.padEnd(28)} ${fmt(CONTEXTS / (wall / 1000), 0).padStart(5)} verifications/s · ` +
          `verification_time_ms p50 ${fmt(percentile(sorted, 50), 1)} p99 ${fmt(percentile(sorted, 99), 1)}${extra}`,
      );
    };
    const clientSorted = [...clientMs].sort((a, b) => a - b);
    report(
      "(a) API POST /verifications",
      apiWall,
      serverMs,
      ` · client latency p50 ${fmt(percentile(clientSorted, 50), 1)} p99 ${fmt(percentile(clientSorted, 99), 1)} ms` +
        ` · ${CONTEXTS - apiFailed}/${CONTEXTS} verified · ${events} verification.completed events`,
    );
    report("(b) SDK verifyContext", sdkWall, sdkMs, ` · ${CONTEXTS - sdkFailed}/${CONTEXTS} verified`);
    if (apiFailed || sdkFailed || events !== CONTEXTS) {
      throw new Error(
        `unexpected: ${apiFailed} API and ${sdkFailed} SDK verifications failed, ${events} events`,
      );
    }
  } finally {
    await client.close();
    await worker.stop();
    await server.stop();
    await db.$disconnect();
    await deleteRedisPrefix(prefix);
    await database.drop();
    await anvil.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
