// Test-only helpers, reached as `@ctxlog/jobs/testing` (index.ts does not export them).
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

export { type StallMode, type StallProxy, startStallProxy, targetOf } from "./stall-proxy";
