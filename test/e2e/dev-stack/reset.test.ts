// `npm run reset` (scripts/reset.js): drops the development database, its Redis keys and the local
// chain's state, and nothing else: another database, another prefix's keys stay.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { deleteRedisPrefix, startRedisCluster, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import Redis, { Cluster } from "ioredis";
import { Client } from "pg";

const ROOT = path.resolve(__dirname, "../../..");

describe("npm run reset", () => {
  let dev: TestDatabase;
  let other: TestDatabase;
  let redis: Redis;
  let chainDir: string;
  const prefix = `ctxlog-reset-${randomBytes(4).toString("hex")}`;
  const otherPrefix = `${prefix}-other`;

  beforeAll(async () => {
    [dev, other] = await Promise.all([
      createTestDatabase("ctxlog_reset"),
      createTestDatabase("ctxlog_reset_keep"),
    ]);
    redis = new Redis(TEST_REDIS_URL);
    chainDir = mkdtempSync(path.join(tmpdir(), "ctxlog-reset-chain-"));
  });
  afterAll(async () => {
    await deleteRedisPrefix(prefix);
    await deleteRedisPrefix(otherPrefix);
    redis.disconnect();
    await dev.drop();
    await other.drop();
    rmSync(chainDir, { recursive: true, force: true });
  });

  const exists = async (url: string) => {
    const client = new Client({ connectionString: url.replace(/\/[^/?]+(\?|$)/, "/postgres$1") });
    await client.connect();
    try {
      const name = new URL(url).pathname.slice(1);
      return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };

  const reset = (env: Record<string, string>) => {
    const clean = { ...(process.env as Record<string, string>) };
    delete clean.RPC_URL;
    return promisify(execFile)(process.execPath, [path.join(ROOT, "scripts/reset.js")], {
      cwd: ROOT,
      env: {
        ...clean,
        DATABASE_URL: dev.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        DEV_CHAIN_DIR: chainDir,
        ...env,
      },
    });
  };

  it("refuses with RPC_URL set (not the local chain), dropping nothing", async () => {
    await expect(reset({ RPC_URL: "https://node.example" })).rejects.toMatchObject({ code: 2 });
    expect(await exists(dev.url)).toBe(true);
  });

  it("drops the database, the prefix's keys and the chain state, and nothing else", async () => {
    await redis.set(`${prefix}:bull:anchor:1`, "x");
    await redis.set(`${prefix}:bull:anchor:2`, "y");
    await redis.set(`${otherPrefix}:bull:anchor:1`, "keep");
    mkdirSync(chainDir, { recursive: true });
    writeFileSync(path.join(chainDir, "anvil-state.json"), "{}");
    writeFileSync(path.join(chainDir, "chain.json"), "{}");

    const { stdout } = await reset({});
    expect(stdout).toContain("dropped database");
    expect(stdout).toContain("deleted 2 Redis keys");
    expect(await exists(dev.url)).toBe(false);
    expect(await exists(other.url)).toBe(true);
    expect(await redis.exists(`${prefix}:bull:anchor:1`, `${prefix}:bull:anchor:2`)).toBe(0);
    expect(await redis.get(`${otherPrefix}:bull:anchor:1`)).toBe("keep");
    expect(existsSync(chainDir)).toBe(false);
  });

  it("on a Redis Cluster (REDIS_CLUSTER_NODES), deletes the prefix's keys on every master", async () => {
    const cluster = await startRedisCluster();
    const db = await createTestDatabase("ctxlog_reset_cluster");
    const client = new Cluster(cluster.nodes);
    try {
      // hash-tagged as the apps tag them on a Cluster: the keys land on different masters
      const keys = ["{anchor-writes}", "{webhook-deliveries}", "{rl:u1}", "{keys}", "{rl:u2}", "{rl:u3}"].map(
        (tag) => `${prefix}:${tag}:k`,
      );
      for (const key of keys) await client.set(key, "x");
      await client.set(`${otherPrefix}:{keys}:k`, "keep");
      expect((await cluster.keyCounts()).filter((n) => n > 0).length).toBeGreaterThan(1);

      const { stdout } = await reset({
        DATABASE_URL: db.url,
        REDIS_URL: cluster.url,
        REDIS_CLUSTER_NODES: cluster.nodesEnv,
      });
      expect(stdout).toContain(`deleted ${keys.length} Redis keys`);
      for (const key of keys) expect(await client.exists(key)).toBe(0);
      expect(await client.get(`${otherPrefix}:{keys}:k`)).toBe("keep");
    } finally {
      client.disconnect();
      await db.drop();
      await cluster.stop();
    }
  }, 60_000);
});
