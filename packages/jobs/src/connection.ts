import { Redis, type RedisOptions } from "ioredis";

/**
 * Producers (the API) must fail fast when Redis is down so a request can answer 503 instead of
 * hanging; workers must wait and retry forever (BullMQ requires maxRetriesPerRequest: null on
 * blocking connections).
 */
export type RedisRole = "producer" | "worker";

export function createRedisConnection(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const common: RedisOptions = { lazyConnect: false, connectTimeout: 2_000, ...extra };
  if (role === "producer") {
    return new Redis(url, {
      ...common,
      enableOfflineQueue: false,
      // Commands issued in the same tick (rate-limit counters, enqueues of concurrent requests)
      // leave in one write: syscalls, not Redis, are what a busy API pays for.
      enableAutoPipelining: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
  }
  return new Redis(url, { ...common, maxRetriesPerRequest: null, enableReadyCheck: true });
}
