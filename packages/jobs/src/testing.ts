// Test-only helpers, reached as `@ctxlog/jobs/testing` (index.ts does not export them).
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Redis } from "ioredis";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Deletes every Redis key under a prefix (and only those). */
export async function deleteRedisPrefix(prefix: string, url = TEST_REDIS_URL) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

export {
  type LocalRedisCluster,
  type LocalRedisSentinel,
  startRedisCluster,
  startRedisSentinel,
} from "./local-redis";
export { type StallMode, type StallProxy, startStallProxy, targetOf } from "./stall-proxy";

/** The claims live in db 0, the one every user of the server shares, so every claimer sees them. */
export const REDIS_DB_CLAIM_PREFIX = "ctxlog-test:db-claim:";

export interface RedisDatabaseClaim {
  /** The database index held, 1..databases-1. */
  db: number;
  /** `url` pointed at that database. */
  url: string;
  /** Empties the database (everything in it is the claimer's: it was empty when claimed) and frees it. */
  release(): Promise<void>;
}

// Only the owner may refresh or drop a claim: one that expired and was taken by someone else stays theirs.
const REFRESH_IF_OURS = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`;
const DELETE_IF_OURS = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`;

/**
 * Claims a Redis database index of its own for a suite that flushes or inspects a whole database:
 * `SET ctxlog-test:db-claim:<n> <owner> NX PX <ttl>` in db 0, refreshed while held, so two suites
 * (two jest workers, two developers, two CI runs on one Redis) never get the same index. A database
 * that is not empty once claimed is someone else's data and is passed over. Throws when none is free.
 */
export async function claimRedisDatabase(
  opts: { url?: string; ttlMs?: number; indexes?: number[] } = {},
): Promise<RedisDatabaseClaim> {
  const url = opts.url ?? TEST_REDIS_URL;
  const ttlMs = opts.ttlMs ?? 60_000;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const control = new Redis(withDatabase(url, 0), { maxRetriesPerRequest: 1 });
  try {
    for (const db of opts.indexes ?? (await candidateIndexes(control))) {
      const key = `${REDIS_DB_CLAIM_PREFIX}${db}`;
      if ((await control.set(key, owner, "PX", ttlMs, "NX")) !== "OK") continue;
      const target = new Redis(withDatabase(url, db), { maxRetriesPerRequest: 1 });
      if ((await target.dbsize()) > 0) {
        target.disconnect();
        await control.eval(DELETE_IF_OURS, 1, key, owner);
        continue;
      }
      return holdClaim({ control, target, key, owner, ttlMs, db, url: withDatabase(url, db) });
    }
  } catch (error) {
    control.disconnect();
    throw error;
  }
  control.disconnect();
  throw new Error(
    `no free Redis database at ${withDatabase(url, 0)}: every index is claimed (${REDIS_DB_CLAIM_PREFIX}<n>) or not empty`,
  );
}

function holdClaim(c: {
  control: Redis;
  target: Redis;
  key: string;
  owner: string;
  ttlMs: number;
  db: number;
  url: string;
}): RedisDatabaseClaim {
  let lost = false;
  const refresh = setInterval(
    () => {
      c.control.eval(REFRESH_IF_OURS, 1, c.key, c.owner, c.ttlMs).then(
        (ok) => {
          if (ok === 0) lost = true;
        },
        () => {}, // a missed refresh is retried on the next tick, well within the TTL
      );
    },
    Math.max(100, Math.floor(c.ttlMs / 3)),
  );
  refresh.unref();
  return {
    db: c.db,
    url: c.url,
    async release() {
      clearInterval(refresh);
      try {
        if (!lost) await c.target.flushdb();
        await c.control.eval(DELETE_IF_OURS, 1, c.key, c.owner);
      } finally {
        c.target.disconnect();
        c.control.disconnect();
      }
      if (lost)
        throw new Error(`the claim on Redis db ${c.db} expired while held; another suite may have shared it`);
    },
  };
}

/** 1..databases-1 as the server is configured (16 when CONFIG is not allowed, Redis' default). */
async function candidateIndexes(control: Redis): Promise<number[]> {
  let databases = 16;
  try {
    const reply = (await control.config("GET", "databases")) as string[];
    const n = Number(reply[1]);
    if (Number.isInteger(n) && n > 0) databases = n;
  } catch {
    // managed Redis often disables CONFIG
  }
  return Array.from({ length: databases - 1 }, (_, i) => i + 1);
}

function withDatabase(url: string, db: number): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
