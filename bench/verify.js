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
const { Pool } = require("undici");
const lib = require("./lib");

const { root, fmt, percentile, runBench, startChainStack, waitForConfirmed } = lib;

const CONTEXTS = Number(process.env.BENCH_VERIFY_CONTEXTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_VERIFY_CONCURRENCY ?? 16);
const sdk = require(path.join(root, "packages/sdk/dist"));

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

async function main() {
  console.log(
    `bench:verify — ${CONTEXTS} confirmed contexts (anvil, 1 s blocks, 3 confirmations), ` +
      `${CONCURRENCY} verifications in flight, API path then SDK path`,
  );
  console.log(lib.payloadNote());
  const stack = await startChainStack("ctxlog_bench_verify", { BATCH_MAX: "256" });
  console.log(lib.settingsNote({ api: stack.env, "chain worker": stack.env }));
  const db = stack.db;
  const client = api(stack.apiPort, stack.key);
  try {
    // --- set-up: contexts through the API, confirmed by the chain worker -----------------------
    const ids = new Array(CONTEXTS);
    const setupStarted = Date.now();
    await pooled(CONTEXTS, 64, async (i) => {
      const res = await client.call("POST", "/v1/contexts", lib.payloadContext(i, "bench-agent"));
      if (res.status !== 202) throw new Error(`POST /v1/contexts ${res.status}: ${JSON.stringify(res.body)}`);
      ids[i] = res.body.context_id;
    });
    await waitForConfirmed(db, CONTEXTS);
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
      const result = await sdk.verifyContext(bundles[i], { rpcUrl: stack.rpcUrl });
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
    await stack.close();
  }
}

runBench(main);
