// Floor for bench:api — the least a POST /v1/contexts can do and still honour the issues: parse the
// body, spend the key's rate limit in Redis, hash, then one multi-row write (each row numbered in
// its agent's log and signed once, its receipt, as the API's writer does) and one BullMQ job naming its contexts
// for all requests waiting at that moment, and answer 202 with the signed receipt after the commit. The same packages as the API, none of its validation, logging, metrics or
// error handling: what is left is the cost of the required work itself.
const path = require("node:path");
const express = require("express");

const { root, runBench } = require("./lib");

const core = require(path.join(root, "packages/core/dist"));
const db = require(path.join(root, "packages/db/dist"));
const jobs = require(path.join(root, "packages/jobs/dist"));
const { RateLimiterRedis } = require("rate-limiter-flexible");

async function main() {
  await core.loadFastKeccak();
  const client = db.createDb(process.env.DATABASE_URL, { poolSize: 10 });
  const redis = jobs.createRedisConnection(process.env.REDIS_URL, "producer");
  await new Promise((resolve) => redis.once("ready", resolve));
  const queues = new jobs.JobQueues(redis, process.env.REDIS_PREFIX);
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${process.env.REDIS_PREFIX}:ratelimit:floor`,
    points: 1e9,
    duration: 60,
  });
  // the API signs with its attestation key (ATTESTATION_PRIVATE_KEY); older runs passed SIGNER_PRIVATE_KEY
  const signer = core.createContextSigner(
    process.env.ATTESTATION_PRIVATE_KEY ?? process.env.SIGNER_PRIVATE_KEY,
  );
  const key = await client.apiKey.findUniqueOrThrow({ where: { id: process.env.FLOOR_KEY_ID } });
  const writer = new core.MicroBatcher({
    maxBatch: 200,
    maxConcurrent: 4,
    flush: async (rows) => {
      const stored = await db.insertContexts(client, rows, signer);
      rows.forEach((row, i) => {
        row.stored = stored[i];
      });
      await queues.enqueueMany("anchorContexts", jobs.anchorJobsFor(rows.map((r) => r.id)));
    },
  });

  const app = express();
  app.post("/v1/contexts", express.json({ limit: "300kb" }), async (req, res) => {
    await limiter.consume(key.id, 1);
    const { agent_id, context_data, metadata = {} } = req.body;
    const owner = { userId: key.userId, apiKeyId: key.id, keyFamilyId: key.familyId };
    const [row] = core.buildNewContexts(owner, [{ agent_id, context_data, metadata }], {
      signer,
      network: "anvil",
      confirmationDelayMs: 0,
    });
    const { contextHash, createdAt } = row;
    await writer.add(row);
    const { sequence, prevEntryHash, signature } = row.stored;
    res.status(202).json({
      context_id: row.id,
      agent_id,
      context_hash: contextHash,
      signature,
      status: "pending",
      created_at: createdAt,
      context_data,
      metadata,
      sequence,
      prev_entry_hash: prevEntryHash,
      entry_hash: row.stored.entryHash,
      receipt: { signer: signer.address, signature },
    });
  });
  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
  app.listen(Number(process.env.PORT), "127.0.0.1");
}

runBench(main);
