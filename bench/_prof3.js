const { scratchDatabase, startProcess, deleteRedisPrefix } = require("/work/main/bench/lib");
const autocannon = require("/work/main/node_modules/autocannon");
const { spawn } = require("child_process");
(async () => {
  const database = await scratchDatabase("ctxlog_prof");
  const db = require("/work/main/packages/db/dist");
  const c = db.createDb(database.url);
  const { key } = await db.createApiKey(c, { userId: "b", type: "full", plan: "bench" });
  await c.$disconnect();
  const child = spawn(
    process.execPath,
    ["--cpu-prof", "--cpu-prof-dir=/tmp/prof", "/work/main/apps/api/dist/main.js"],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL: "redis://127.0.0.1:6379",
        REDIS_PREFIX: "prof",
        SIGNER_PRIVATE_KEY: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
        PORT: "3999",
        LOG_LEVEL: "warn",
        PLAN_RATE_LIMITS: "free:1,bench:100000000",
        DATABASE_POOL_SIZE: "20",
      },
      stdio: "inherit",
    },
  );
  await new Promise((r) => setTimeout(r, 3000));
  const path = process.argv[2] || "/v1/contexts";
  const r = await autocannon({
    url: `http://127.0.0.1:3999${path}`,
    method: path === "/v1/contexts" ? "POST" : "GET",
    connections: 50,
    duration: 6,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body:
      path === "/v1/contexts"
        ? JSON.stringify({ agent_id: "a", context_data: { x: "y".repeat(800) } })
        : undefined,
  });
  console.log(path, r.requests.average, r.latency.p50, r.latency.p99, r.non2xx);
  child.kill("SIGINT");
  await new Promise((r) => child.on("exit", r));
  await deleteRedisPrefix("prof");
  await database.drop();
})();
