const { scratchDatabase, deleteRedisPrefix } = require("/work/main/bench/lib");
const db = require("/work/main/packages/db/dist");
const core = require("/work/main/packages/core/dist");
const jobs = require("/work/main/packages/jobs/dist");
async function timeit(name, n, conc, fn) {
  const t = performance.now();
  let i = 0;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (i < n) {
        i++;
        await fn();
      }
    }),
  );
  const ms = performance.now() - t;
  console.log(name, ((n / ms) * 1000).toFixed(0) + "/s");
}
(async () => {
  const database = await scratchDatabase("ctxlog_parts");
  const c = db.createDb(database.url, { poolSize: 20 });
  const { record } = await db.createApiKey(c, { userId: "b", type: "full" });
  const redis = jobs.createRedisConnection("redis://127.0.0.1:6379", "producer");
  await new Promise((r) => redis.once("ready", r));
  const q = new jobs.JobQueues(redis, "parts");
  const signer = core.createContextSigner(
    "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  );
  const mk = () => ({
    id: core.newId("ctx"),
    userId: "b",
    apiKeyId: record.id,
    keyFamilyId: record.id,
    agentId: "a",
    contextData: { x: 1 },
    metadata: {},
    visibility: "private",
    canonicalJson: "{}",
    contextHash: "0x00",
    signature: "0x",
    signerAddress: "0x",
    network: "anvil",
    createdAt: new Date(),
    estimatedConfirmation: new Date(),
  });
  await timeit("sign", 500, 1, () =>
    signer.sign(core.hashContext({ agent_id: "a", context_data: { x: "y".repeat(800) } }).contextHash),
  );
  await timeit("findActiveApiKey", 2000, 50, () => db.findActiveApiKey(c, record.hash));
  await timeit("insert (plain create)", 2000, 50, () => db.insertContext(c, mk()));
  await timeit("insert in $transaction", 2000, 50, () => c.$transaction((tx) => db.insertContext(tx, mk())));
  await timeit("enqueue", 2000, 50, () => {
    const id = core.newId("ctx");
    return q.enqueue("anchorContext", { contextId: id }, { jobId: id });
  });
  await q.close();
  redis.disconnect();
  await c.$disconnect();
  await deleteRedisPrefix("parts");
  await database.drop();
})();
