#!/usr/bin/env node
// bench:cluster — end to end through the three apps, on one Redis and on a Redis Cluster, in one
// run: a local three-master cluster is started here (Debian's redis-server, free ports, a temporary
// directory, @ctxlog/jobs/testing's startRedisCluster) and the same stack runs once on each — the
// API, the chain worker on anvil (1 s blocks, 3 confirmations) and the webhook worker with one
// webhook on context.created to a loopback receiver, the apps at their production defaults.
// BENCH_CLUSTER_CONTEXTS contexts (default 20,000) of the bench corpus (BENCH_PAYLOAD another) are
// POSTed through /v1/contexts/batch (100 a request); contexts/s counts from the first
// POST to the later of the last confirmation and the last delivery.
// Target: the cluster's contexts/s ≥ 0.9 × one Redis's. The cluster's masters must count 0 CROSSSLOT
// errors and the receiver must get each delivery once.
// Knobs: BENCH_CLUSTER_CONTEXTS (20000), BENCH_CLUSTER_ROUNDS (2: one Redis, the cluster, the
// cluster, one Redis, so the order favours neither; 1: the first two), BENCH_BATCH_CONNECTIONS (16).
// The ratio is over all runs of each (contexts over the summed seconds).
const path = require("node:path");
const { Pool } = require("undici");
const lib = require("./lib");

const { root, fmt } = lib;
const CONTEXTS = Number(process.env.BENCH_CLUSTER_CONTEXTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 16);
const BATCH = 100;
// the corpus' contexts in turn, 100 a request
const batchBodies = Array.from({ length: require("./corpus/corpus").ENTRIES / BATCH }, (_, j) =>
  JSON.stringify({ contexts: Array.from({ length: BATCH }, (_, n) => lib.payloadContext(j * BATCH + n)) }),
);
let settings; // settingsNote of the first run (every run has the same, but for where Redis is)
const WEBHOOKS_ALLOWED = { WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_ALLOW_INSECURE_URLS: "true" };

async function until(check, what, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function receiverStats(receiver) {
  return (await fetch(`http://127.0.0.1:${receiver.port}/stats`)).json();
}

/** One end-to-end run on the Redis `redisEnv` names; resolves to its figures. */
async function endToEnd(label, redisEnv, receiver) {
  await fetch(`http://127.0.0.1:${receiver.port}/reset`, { method: "POST" });
  const stack = await lib.startChainStack("ctxlog_bench_cluster", { ...WEBHOOKS_ALLOWED, ...redisEnv });
  const webhookWorker = lib.forkApp(path.join(root, "apps/webhook-worker/dist/main.js"), stack.env);
  settings ??= lib.settingsNote({ api: stack.env, "chain worker": stack.env, "webhook worker": stack.env });
  try {
    const auth = { authorization: `Bearer ${stack.key}`, "content-type": "application/json" };
    const hook = await fetch(`http://127.0.0.1:${stack.apiPort}/v1/webhooks`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: `http://127.0.0.1:${receiver.port}/hook`, events: ["context.created"] }),
    });
    if (hook.status !== 201) throw new Error(`POST /v1/webhooks ${hook.status}: ${await hook.text()}`);
    // the chain worker is up once it holds the signer's lease: its start-up is not counted
    await until(
      async () => (await stack.db.$queryRawUnsafe("SELECT 1 FROM signer_leases")).length > 0,
      "lease",
    );
    const batches = Math.ceil(CONTEXTS / BATCH);
    const total = batches * BATCH;
    const roles = {
      [stack.apiPid]: "api",
      [stack.workerPid]: "chain-worker",
      [webhookWorker.pid]: "webhook-worker",
    };
    const cpuBefore = lib.cpuByRole(roles);
    const pool = new Pool(`http://127.0.0.1:${stack.apiPort}`, { connections: CONNECTIONS });
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < batches) {
          const j = next++;
          const res = await pool.request({
            path: "/v1/contexts/batch",
            method: "POST",
            headers: auth,
            body: batchBodies[j % batchBodies.length],
          });
          const text = await res.body.text();
          if (res.statusCode !== 202) throw new Error(`batch POST ${res.statusCode}: ${text.slice(0, 200)}`);
        }
      }),
    );
    const postedMs = Date.now() - started;
    await pool.close();
    await lib.waitForConfirmed(stack.db, total);
    const stats = await until(async () => {
      const s = await receiverStats(receiver);
      return s.unique >= total ? s : null;
    }, `${total} deliveries`);
    const cpu = lib.cpuSpent(cpuBefore, lib.cpuByRole(roles));
    const confirmed = await stack.db.anchor.aggregate({
      where: { status: "confirmed" },
      _max: { confirmedAt: true },
    });
    const lastConfirmedMs = confirmed._max.confirmedAt.getTime() - started;
    const lastDeliveredMs = stats.last - started;
    return {
      label,
      contexts: total,
      postedPerSecond: total / (postedMs / 1000),
      confirmedPerSecond: total / (lastConfirmedMs / 1000),
      deliveredPerSecond: total / (lastDeliveredMs / 1000),
      perSecond: total / (Math.max(lastConfirmedMs, lastDeliveredMs) / 1000),
      duplicates: stats.count - stats.unique,
      // µs per context; "redis" is every redis-server on the host (the cluster's three, or the one)
      cpuPerContext: Object.fromEntries(
        ["api", "chain-worker", "webhook-worker", "postgres", "redis"].map((role) => [
          role,
          ((cpu[role] ?? 0) * 1000) / total,
        ]),
      ),
    };
  } finally {
    await lib.stopProcess(webhookWorker);
    await stack.close();
  }
}

async function main() {
  const { startRedisCluster } = require(path.join(root, "packages/jobs/dist-test/testing"));
  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `bench:cluster — ${date}, node ${process.version}, ${CONTEXTS} contexts per run, ${ROUNDS} round(s), ` +
      "API + chain worker + webhook worker",
  );
  const cluster = await startRedisCluster();
  const receiver = await lib.startProcess(path.join(__dirname, "webhook-receiver.js"), {});
  const single = {}; // REDIS_URL of lib.benchStack: the machine's one Redis
  const clustered = { REDIS_URL: cluster.url, REDIS_CLUSTER_NODES: cluster.nodesEnv };
  const runs = { one: [], cluster: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["one", "cluster"] : ["cluster", "one"];
      for (const which of order) {
        const r = await endToEnd(which, which === "one" ? single : clustered, receiver);
        runs[which].push(r);
        console.log(
          `| ${which === "one" ? "one Redis" : "Redis Cluster, 3 masters"} | ${fmt(r.perSecond, 0)} contexts/s | ` +
            `posted ${fmt(r.postedPerSecond, 0)}/s | confirmed ${fmt(r.confirmedPerSecond, 0)}/s | ` +
            `delivered ${fmt(r.deliveredPerSecond, 0)}/s | duplicate deliveries ${r.duplicates} |`,
        );
        const cpu = Object.entries(r.cpuPerContext).map(([role, us]) => `${role} ${fmt(us, 0)}`);
        console.log(`  CPU µs per context: ${cpu.join(", ")}`);
      }
    }
    const crossSlot = (await cluster.errorCounts()).CROSSSLOT ?? 0;
    const rate = (list) =>
      list.reduce((s, r) => s + r.contexts, 0) / list.reduce((s, r) => s + r.contexts / r.perSecond, 0);
    const ratio = rate(runs.cluster) / rate(runs.one);
    const duplicates = [...runs.one, ...runs.cluster].reduce((s, r) => s + r.duplicates, 0);
    console.log(lib.payloadNote());
    console.log(settings);
    console.log(`CROSSSLOT errors on the cluster: ${crossSlot}; duplicate deliveries: ${duplicates}`);
    // runs next to each other in time saw the most similar machine: on a busy host these disagree
    const perRound = runs.cluster.map((c, i) => fmt(c.perSecond / runs.one[i].perSecond, 3));
    console.log(`cluster/one per round: ${perRound.join(", ")}`);
    console.log(
      `cluster/one = ${fmt(ratio, 3)} (${fmt(rate(runs.cluster), 0)} vs ${fmt(rate(runs.one), 0)} contexts/s; ` +
        `target ≥ 0.9: ${ratio >= 0.9 ? "met" : "MISSED"})`,
    );
    if (crossSlot > 0) throw new Error(`${crossSlot} CROSSSLOT errors`);
  } finally {
    await receiver.stop();
    await cluster.stop();
  }
}

lib.runBench(main);
