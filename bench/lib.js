// Shared plumbing of the benchmarks: a scratch database and Redis prefix, child processes, stats.
const { fork } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://root@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Fresh database with migrations applied, from the built @ctxlog/db. */
async function scratchDatabase(name) {
  const db = require(path.join(root, "packages/db/dist"));
  const url = db.withDatabaseName(ADMIN_URL, `${name}_${randomBytes(4).toString("hex")}`);
  await db.ensureDatabase(url);
  await db.applyMigrations(url);
  return { url, drop: () => db.dropDatabase(url) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = require("node:net").createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a Node server process on a free port and resolves once GET `readyPath` answers 200.
 * `execArgv`: node's own flags for it (e.g. --cpu-prof, which NODE_OPTIONS does not take).
 */
async function startProcess(file, env, readyPath = "/healthz", execArgv = process.execArgv) {
  const port = await freePort();
  const child = fork(file, [], {
    env: { ...process.env, ...env, PORT: String(port) },
    execArgv,
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000; // a loaded machine can take a while to start a stack
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return { port, pid: child.pid, stop: () => stopProcess(child) };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopProcess(child);
  throw new Error(`${file} did not start on port ${port}`);
}

function stopProcess(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

/**
 * The benches' Redis keys go away with their prefix, as the tests' do (@ctxlog/jobs/testing, which
 * `npm run build` leaves out: the bench:* scripts build it into dist-test).
 */
const deleteRedisPrefix = (prefix) =>
  require(path.join(root, "packages/jobs/dist-test/testing")).deleteRedisPrefix(prefix, REDIS_URL);

const fmt = (n, digits = 1) => Number(n).toFixed(digits);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The webhook-secret encryption key of the benches' apps (a fixed bench value, never a real one),
 * and the development flag that lets the apps start with it and with anvil's published keys.
 */
const SECRETS_ENV = {
  SECRETS_ENCRYPTION_KEY: "YmVuY2gtb25seS1zZWNyZXRzLWtleS0zMi1ieXRlcyE=",
  SECRETS_ENCRYPTION_KEY_ID: "bench",
  CTXLOG_DEV_MODE: "true",
};

/** anvil's first dev account: deploys the registry and pays the gas of anchors in the benches. */
const DEV_SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** anvil's second dev account: the API's attestation key, apart from the gas-paying key. */
const DEV_ATTESTER = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

/**
 * What every bench run starts from: a scratch database (migrated), a Redis prefix of its own, and
 * the environment the apps share: that database and prefix, the attestation key and secrets of the
 * benches, warn-level logs, any free ops port, and plan "bench" with a rate limit no bench reaches.
 * `drop()` removes the prefix's keys and the database.
 */
async function scratchStack(name) {
  const database = await scratchDatabase(name);
  const prefix = `ctxlog-bench-${randomBytes(4).toString("hex")}`;
  return {
    databaseUrl: database.url,
    prefix,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      ATTESTATION_PRIVATE_KEY: DEV_ATTESTER,
      ...SECRETS_ENV,
      OPS_PORT: "0", // any free port: a fixed one could collide with another stack on this host
      LOG_LEVEL: "warn",
      PLAN_RATE_LIMITS: "free:600,bench:1000000000",
    },
    async drop() {
      await deleteRedisPrefix(prefix);
      await database.drop();
    },
  };
}

/** A full API key of user "bench" on plan "bench" (see scratchStack): `{ key, record }`. */
async function createBenchKey(db) {
  const dbModule = require(path.join(root, "packages/db/dist"));
  return dbModule.createApiKey(db, { userId: "bench", type: "full", plan: "bench" });
}

/** `createBenchKey` on a connection of its own, closed after. */
async function createBenchKeyIn(databaseUrl) {
  const db = require(path.join(root, "packages/db/dist")).createDb(databaseUrl, { poolSize: 1 });
  try {
    return await createBenchKey(db);
  } finally {
    await db.$disconnect();
  }
}

/**
 * A fresh local chain: anvil with 1 s blocks and the registry deployed by DEV_SIGNER. `env` is what
 * the apps need to anchor on it: the registry, DEV_SIGNER to pay the gas, 3 confirmations.
 */
async function startBenchChain() {
  const contracts = require(path.join(root, "packages/contracts/dist"));
  const { startAnvil } = require(path.join(root, "packages/contracts/dist/anvil"));
  const anvil = await startAnvil({ blockTimeSeconds: 1 });
  const registry = await contracts.deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: DEV_SIGNER });
  return {
    rpcUrl: anvil.rpcUrl,
    env: {
      SIGNER_PRIVATE_KEY: DEV_SIGNER,
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(anvil.chainId),
      REGISTRY_ADDRESS: registry.address,
      CONFIRMATIONS: "3",
    },
    stop: () => anvil.stop(),
  };
}

/**
 * The whole stack on a fresh local chain: startBenchChain, scratchStack with a bench key, the API
 * and the chain worker as real processes. `close()` removes all of it. `workerExecArgv` profiles
 * the worker, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"].
 */
async function startChainStack(name, extraEnv = {}, { workerExecArgv = [] } = {}) {
  const chain = await startBenchChain();
  const scratch = await scratchStack(name);
  const db = require(path.join(root, "packages/db/dist")).createDb(scratch.databaseUrl, { poolSize: 2 });
  const { key } = await createBenchKey(db);
  const env = { ...scratch.env, ...chain.env, BATCH_WINDOW_MS: "1000", ...extraEnv };
  const api = await startProcess(path.join(root, "apps/api/dist/main.js"), {
    ...env,
    DATABASE_POOL_SIZE: "20",
  });
  const worker = fork(path.join(root, "apps/chain-worker/dist/main.js"), [], {
    env: { ...process.env, ...env, DATABASE_POOL_SIZE: "10" },
    execArgv: workerExecArgv,
    stdio: "ignore",
  });
  return {
    apiPort: api.port,
    apiPid: api.pid,
    workerPid: worker.pid,
    key,
    db,
    rpcUrl: chain.rpcUrl,
    /** what the apps were started with (database, Redis prefix, secrets, chain) */
    env,
    async close() {
      await stopProcess(worker);
      await api.stop();
      await db.$disconnect();
      await scratch.drop();
      await chain.stop();
    },
  };
}

/** Polls until `count` contexts are confirmed; throws at the first failed one or after `timeoutMs`. */
async function waitForConfirmed(db, count, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // through the anchors (a few rows), not a count over every context: a context is confirmed or
    // failed with its batch
    const sums = await db.anchor.groupBy({ by: ["status"], _sum: { contextCount: true } });
    const sumOf = (status) => sums.find((s) => s.status === status)?._sum.contextCount ?? 0;
    const confirmed = sumOf("confirmed");
    if (confirmed === count) return;
    const failed = sumOf("failed");
    if (failed > 0) throw new Error(`${failed} contexts failed`);
    if (Date.now() > deadline) throw new Error(`only ${confirmed}/${count} confirmed in time`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * CPU time (ms) used so far per process, with its role (Linux /proc; {} elsewhere): the given pids by name, then
 * PostgreSQL and Redis by process name (every backend of the server: on a shared host that
 * includes other clients' work), this process as "bench", the rest as "other".
 */
function cpuByRole(pidRoles = {}) {
  const fs = require("node:fs");
  const out = {};
  let pids = [];
  try {
    pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  const tickMs = 1000 / 100; // USER_HZ
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // children (the API's cluster workers) count for their parent's role
      const parent = Number(fields[1]);
      const role =
        pidRoles[pid] ??
        pidRoles[parent] ??
        (Number(pid) === process.pid
          ? "bench"
          : name.startsWith("postgres")
            ? "postgres"
            : name.startsWith("redis")
              ? "redis"
              : "other");
      out[pid] = { role, ms: (Number(fields[11]) + Number(fields[12])) * tickMs };
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * CPU ms per role spent between two cpuByRole snapshots, per process (one that ended in between
 * is left out rather than counted negative; one that started counts from zero).
 */
function cpuSpent(before, after) {
  const out = {};
  for (const [pid, { role, ms }] of Object.entries(after)) {
    out[role] = (out[role] ?? 0) + ms - (before[pid]?.ms ?? 0);
  }
  return out;
}

/** ~1 KiB of context (a task, notes, steps): what the API benches send; `i` tells items apart. */
function benchContext(i = 0, agent = "bench-agent") {
  return {
    agent_id: agent,
    context_data: {
      task: "summarize",
      i,
      notes: "x".repeat(800),
      steps: Array.from({ length: 10 }, (_, n) => ({ n })),
    },
    metadata: { run: 1 },
  };
}

/**
 * autocannon POSTing the JSON `body` to `url` over `connections` for `seconds`; with `bodies`
 * instead, each request sends the next of them in turn.
 */
function postLoad(url, { headers = {}, body, bodies, connections, seconds }) {
  const autocannon = require("autocannon");
  let next = 0;
  const turns = bodies
    ? { requests: [{ setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }] }
    : { body };
  return autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json", ...headers },
    ...turns,
  });
}

/** Runs a bench's `main`: a failure is printed, and the process exits with 1. */
function runBench(main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = {
  benchContext,
  postLoad,
  cpuByRole,
  cpuSpent,
  createBenchKey,
  createBenchKeyIn,
  DEV_SIGNER,
  fmt,
  freePort,
  percentile,
  root,
  runBench,
  scratchDatabase,
  SECRETS_ENV,
  scratchStack,
  startBenchChain,
  startChainStack,
  startProcess,
  stopProcess,
  waitForConfirmed,
};
