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

/** Forks a Node process that reports `{ port }` over IPC once it listens (or parses its log line). */
function startProcess(file, env) {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    const timer = setTimeout(() => reject(new Error(`${file} did not start`)), 20_000);
    const done = (port) => {
      clearTimeout(timer);
      resolve({ port, stop: () => stopProcess(child) });
    };
    child.on("message", (m) => m?.port && done(m.port));
    child.stdout.on("data", (chunk) => {
      const match = /"url":"http:\/\/[^:]+:(\d+)/.exec(chunk.toString());
      if (match) done(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
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

module.exports = { root, REDIS_URL, scratchDatabase, startProcess, deleteRedisPrefix, fmt };
