#!/usr/bin/env node
// `npm run reset`: starts the development stack over. Drops the development database
// (DATABASE_URL), deletes its Redis keys (REDIS_PREFIX:* on REDIS_URL) and removes the local
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

  const Redis = require("ioredis");
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
  console.log(`reset: deleted ${deleted} Redis keys under ${prefix}:`);

  const chain = path.relative(root, devChainPaths().dir);
  console.log(
    removeSavedChain()
      ? `reset: removed the local chain's state (${chain}/)`
      : `reset: no local chain state in ${chain}/`,
  );
  console.log("reset: done; `npm start` begins with an empty database and a new chain");
});
