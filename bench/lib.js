// Shared plumbing of the benchmarks: a scratch database and Redis prefix, child processes, stats.
const { fork } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const path = require("node:path");
const { payloadContext, payloadKind, payloadNote } = require("./corpus/payloads");

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
 * What the apps need from a bench beyond their production defaults: where things are (the scratch
 * database, Redis and its prefix, any free ops port), the keys and secrets of the benches, the
 * development flag that lets the apps start with those (anvil's published keys; it changes nothing
 * else), and plan "bench" with a rate limit no bench reaches (a production plan would refuse a
 * bench's load: printed with the figures, see settingsNote). Log level, pool sizes, queue limits
 * and every other setting stay at the apps' defaults.
 */
function productionEnv(databaseUrl, prefix) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ATTESTATION_PRIVATE_KEY: DEV_ATTESTER,
    ...SECRETS_ENV,
    OPS_PORT: "0", // any free port: a fixed one could collide with another stack on this host
    PLAN_RATE_LIMITS: "free:600,bench:1000000000",
  };
}

/**
 * What every bench run starts from: a scratch database (migrated), a Redis prefix of its own, and
 * the environment the apps share (productionEnv: their production defaults). `drop()` removes the
 * prefix's keys and the database.
 */
async function benchStack(name) {
  const database = await scratchDatabase(name);
  const prefix = `ctxlog-bench-${randomBytes(4).toString("hex")}`;
  return {
    databaseUrl: database.url,
    prefix,
    env: productionEnv(database.url, prefix),
    async drop() {
      await deleteRedisPrefix(prefix);
      await database.drop();
    },
  };
}

/** A full API key of user "bench" on plan "bench" (see productionEnv): `{ key, record }`. */
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
 * The whole stack on a fresh local chain: startBenchChain, benchStack with a bench key, the API
 * and the chain worker as real processes at their production defaults (`extraEnv` changes some:
 * settingsNote prints them). `close()` removes all of it. `workerExecArgv` profiles the worker,
 * e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]; `apiMain` runs another API entry point (the
 * bench-only bench/unchained-api.js); `prepare(db)` runs before the apps start.
 */
async function startChainStack(
  name,
  extraEnv = {},
  { workerExecArgv = [], apiMain = path.join(root, "apps/api/dist/main.js"), prepare } = {},
) {
  const chain = await startBenchChain();
  const scratch = await benchStack(name);
  const db = require(path.join(root, "packages/db/dist")).createDb(scratch.databaseUrl, { poolSize: 2 });
  const { key } = await createBenchKey(db);
  if (prepare) await prepare(db);
  const env = { ...scratch.env, ...chain.env, ...extraEnv };
  const api = await startProcess(apiMain, env);
  const worker = forkApp(path.join(root, "apps/chain-worker/dist/main.js"), env, workerExecArgv);
  return {
    /** the environment the apps were started with (for more processes on the same stack) */
    env,
    databaseUrl: scratch.databaseUrl,
    apiPort: api.port,
    apiPid: api.pid,
    workerPid: worker.pid,
    key,
    db,
    rpcUrl: chain.rpcUrl,
    async close() {
      await stopProcess(worker);
      await api.stop();
      await db.$disconnect();
      await scratch.drop();
      await chain.stop();
    },
  };
}

/**
 * An app's process (a worker) with `env` over this process's environment: its logs (stdout, at
 * the level its env says: info by default) written to /dev/null, its stderr to this one's.
 */
function forkApp(file, env, execArgv = []) {
  return fork(file, [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

// Settings that say where things are or which keys sign, not how the apps run: left out of
// settingsNote. CTXLOG_DEV_MODE only lets the apps start with anvil's published keys.
const PLACEMENT = new Set([
  "DATABASE_URL",
  "REDIS_URL",
  "REDIS_PREFIX",
  "REDIS_CLUSTER_NODES",
  "REDIS_SENTINELS",
  "REDIS_SENTINEL_NAME",
  "PORT",
  "HOST",
  "OPS_PORT",
  "OPS_HOST",
  "CHAIN_WORKER_METRICS_PORT",
  "WEBHOOK_WORKER_METRICS_PORT",
  "ATTESTATION_PRIVATE_KEY",
  "SIGNER_PRIVATE_KEY",
  "SECRETS_ENCRYPTION_KEY",
  "SECRETS_ENCRYPTION_KEY_ID",
  "SECRETS_ENCRYPTION_OLD_KEYS",
  "CTXLOG_DEV_MODE",
  "RPC_URL",
  "CHAIN_ID",
  "REGISTRY_ADDRESS",
  "PUBLIC_BASE_URL",
]);
const APP_SCHEMAS = {
  api: ["apps/api/dist/env.js", "apiEnvSchema"],
  "chain worker": ["apps/chain-worker/dist/env.js", "chainWorkerEnvSchema"],
  "webhook worker": ["apps/webhook-worker/dist/env.js", "workerEnvSchema"],
};

/**
 * What a bench changed of the apps' production defaults, as one line to print beside its figures:
 * `apps` maps an app ("api", "chain worker", "webhook worker") to the env it was started with
 * (over this process's environment, as startProcess and forkApp pass it on). Each setting of the
 * app's env schema (apps/<app>/src/env.ts) whose parsed value differs from its default is named
 * with both, placement (PLACEMENT) aside. `extra`: changes made outside the env (e.g. to tables).
 */
function settingsNote(apps, extra = []) {
  const parts = [];
  for (const [app, env] of Object.entries(apps)) {
    const [file, name] = APP_SCHEMAS[app];
    const { shape } = require(path.join(root, file))[name];
    const given = { ...process.env, ...env };
    const changed = [];
    for (const [key, schema] of Object.entries(shape)) {
      if (PLACEMENT.has(key) || given[key] === undefined) continue;
      const value = schema.safeParse(given[key]);
      const fallback = schema.safeParse(undefined);
      if (JSON.stringify(value.data) !== JSON.stringify(fallback.data))
        changed.push(
          `${key}=${given[key]} (default ${fallback.success ? JSON.stringify(fallback.data) : "unset"})`,
        );
    }
    if (changed.length > 0) parts.push(`${app}: ${changed.join(", ")}`);
  }
  parts.push(...extra);
  return `settings changed from production defaults: ${parts.length > 0 ? parts.join("; ") : "none"}`;
}

/**
 * The API without agent logs, for the (b0) runs that price them (bench:api, bench:chain): the real
 * API with its write swapped for the same rows without sequence, prev link or receipt
 * (bench/unchained-api.js, bench-only), on a database without the two indexes that exist for logs
 * only (a log's sequence; the entry-hash search), as a service without logs would have.
 */
const WITHOUT_LOGS = {
  apiMain: path.join(__dirname, "unchained-api.js"),
  indexes: ["contexts_user_id_agent_id_sequence_key", "contexts_entry_hash_idx"],
  note:
    "(b0) runs bench/unchained-api.js (the API without agent logs, bench-only) on a database without " +
    "contexts_user_id_agent_id_sequence_key and contexts_entry_hash_idx",
  /** drops the logs' indexes (`db`: a client of createDb) */
  async prepare(db) {
    for (const index of WITHOUT_LOGS.indexes) await db.$executeRawUnsafe(`DROP INDEX ${index}`);
  },
  /**
   * Throws unless every context row is outside any log (`unchained`) or every one in a log: else
   * the comparison would be void.
   */
  async check(db, unchained, label) {
    const [{ outside, total }] = await db.$queryRawUnsafe(
      "SELECT count(*) FILTER (WHERE sequence IS NULL)::int AS outside, count(*)::int AS total FROM contexts",
    );
    const expected = unchained ? total : 0;
    if (outside !== expected)
      throw new Error(`${label}: ${outside} of ${total} rows outside a log, expected ${expected}`);
  },
};

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

/**
 * The context.created envelopes of the corpus' contexts (BENCH_PAYLOAD), one per entry: the
 * payloads of the events that benches write straight into outbox_events, in turn.
 */
function eventPayloads() {
  const core = require(path.join(root, "packages/core/dist"));
  const at = new Date(Date.UTC(2026, 2, 2));
  return Array.from({ length: require("./corpus/corpus").ENTRIES }, (_, i) => {
    const { agent_id, context_data, metadata } = payloadContext(i);
    return core.serializeEnvelope({
      event: "context.created",
      timestamp: at,
      data: {
        context_id: core.newId("ctx"),
        agent_id,
        transaction_hash: null,
        context_hash: `0x${"ab".repeat(32)}`,
        signature: `0x${"cd".repeat(65)}`,
        status: "pending",
        created_at: at.toISOString(),
        estimated_confirmation: at.toISOString(),
        context_data,
        metadata,
      },
    });
  });
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
  benchStack,
  forkApp,
  payloadContext,
  payloadKind,
  payloadNote,
  settingsNote,
  postLoad,
  cpuByRole,
  cpuSpent,
  createBenchKey,
  createBenchKeyIn,
  DEV_SIGNER,
  eventPayloads,
  fmt,
  freePort,
  percentile,
  root,
  runBench,
  scratchDatabase,
  SECRETS_ENV,
  startBenchChain,
  startChainStack,
  startProcess,
  stopProcess,
  waitForConfirmed,
  WITHOUT_LOGS,
};
