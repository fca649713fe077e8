#!/usr/bin/env node
// `npm run reset`: starts the development stack over. Drops the development database
// (DATABASE_URL), deletes its Redis keys (REDIS_PREFIX:* on REDIS_URL, or on every master of
// REDIS_CLUSTER_NODES, or on the master REDIS_SENTINELS name) and removes the local
// chain's saved state (.dev-chain/), and nothing else. For the local stack of `npm start` only:
// it refuses when RPC_URL names a chain of its own, or when the database is not on this machine.
const { existsSync } = require("node:fs");
const path = require("node:path");
const { run } = require("./lib/db-cli");
const { devChainPaths, removeSavedChain } = require("./lib/dev-chain");
const { dbModule } = require("./lib/load-db");

const root = path.resolve(__dirname, "..");
const envFile = existsSync(path.join(root, ".env")) ? ".env" : ".env.example";
process.loadEnvFile(path.join(root, envFile));

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

run(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const prefix = process.env.REDIS_PREFIX || "ctxlog";
  if (process.env.RPC_URL) {
    console.error(
      "reset: RPC_URL is set, so this is not the local development chain of `npm start`; nothing was dropped",
    );
    return 2;
  }
  if (!databaseUrl || !LOOPBACK.has(new URL(databaseUrl).hostname)) {
    console.error("reset: DATABASE_URL is not a database on this machine; nothing was dropped");
    return 2;
  }
  const { databaseNameOf, dropDatabase } = dbModule("database");
  await dropDatabase(databaseUrl);
  console.log(`reset: dropped database ${databaseNameOf(databaseUrl)}`);

  const deleted = await deleteRedisKeys(redisUrl, `${prefix}:*`);
  console.log(`reset: deleted ${deleted} Redis keys under ${prefix}:`);

  const chain = path.relative(root, devChainPaths().dir);
  console.log(
    removeSavedChain()
      ? `reset: removed the local chain's state (${chain}/)`
      : `reset: no local chain state in ${chain}/`,
  );
  console.log("reset: done; `npm start` begins with an empty database and a new chain");
});

/**
 * Deletes every key matching `pattern` on the Redis the apps use — one, a Cluster's masters, or a
 * sentinel's master — reached as the apps reach it (REDIS_URL and the topology variables, parsed by
 * @ctxlog/core's schema, connected by @ctxlog/jobs).
 */
async function deleteRedisKeys(redisUrl, pattern) {
  const { z } = require("zod");
  const { redisTargetFrom, redisTopologyEnv } = require("@ctxlog/core");
  const { createRedisConnection, isCluster } = require("@ctxlog/jobs");
  const topology = z.object(redisTopologyEnv).parse(process.env);
  const client = createRedisConnection(redisTargetFrom({ REDIS_URL: redisUrl, ...topology }), "producer");
  await new Promise((resolve, reject) => {
    client.once("ready", resolve);
    client.once("error", reject);
  });
  let deleted = 0;
  try {
    // a Cluster's keys live on its masters, each scanned on its own; keys are deleted one by one
    // there (a multi-key command across hash slots is refused)
    const cluster = isCluster(client);
    for (const node of cluster ? client.nodes("master") : [client]) {
      let cursor = "0";
      do {
        const [next, keys] = await node.scan(cursor, "MATCH", pattern, "COUNT", 500);
        cursor = next;
        if (keys.length === 0) continue;
        if (cluster) {
          const results = await node.pipeline(keys.map((key) => ["unlink", key])).exec();
          deleted += results.reduce((n, [err, count]) => n + (err ? 0 : Number(count)), 0);
        } else deleted += await node.unlink(...keys);
      } while (cursor !== "0");
    }
  } finally {
    client.disconnect();
  }
  return deleted;
}
