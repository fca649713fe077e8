const path = require("path");
const { scratchDatabase, startProcess, deleteRedisPrefix } = require("/work/main/bench/lib");
const autocannon = require("/work/main/node_modules/autocannon");
(async () => {
  const database = await scratchDatabase("ctxlog_prof");
  const db = require("/work/main/packages/db/dist");
  const c = db.createDb(database.url);
  const { key } = await db.createApiKey(c, { userId: "b", type: "full", plan: "bench" });
  await c.$disconnect();
  process.execArgv.push("--cpu-prof", "--cpu-prof-dir=/tmp/prof");
  const api = await startProcess("/work/main/apps/api/dist/main.js", {
    DATABASE_URL: database.url,
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: "prof",
    SIGNER_PRIVATE_KEY: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    PORT: "0",
    LOG_LEVEL: "info",
    PLAN_RATE_LIMITS: "free:1,bench:100000000",
    DATABASE_POOL_SIZE: "20",
  });
  const r = await autocannon({
    url: `http://127.0.0.1:${api.port}/v1/contexts`,
    method: "POST",
    connections: 50,
    duration: 8,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ agent_id: "a", context_data: { x: "y".repeat(800) } }),
  });
  console.log(r.requests.average, r.latency.p99);
  await api.stop();
  await deleteRedisPrefix("prof");
  await database.drop();
})();
