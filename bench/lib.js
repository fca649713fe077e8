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

/** Starts a Node server process on a free port and resolves once GET `readyPath` answers 200. */
async function startProcess(file, env, readyPath = "/healthz") {
  const port = await freePort();
  const child = fork(file, [], { env: { ...process.env, ...env, PORT: String(port) }, stdio: "ignore" });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return { port, stop: () => stopProcess(child) };
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

async function deleteRedisPrefix(prefix) {
  const { Redis } = require("ioredis");
  const redis = new Redis(REDIS_URL);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
  redis.disconnect();
}

const fmt = (n, digits = 1) => Number(n).toFixed(digits);

module.exports = { root, REDIS_URL, scratchDatabase, freePort, startProcess, deleteRedisPrefix, fmt };
