import { Redis, type RedisOptions } from "ioredis";

/**
 * Producers (the API) must fail fast when Redis is down so a request can answer 503 instead of
 * hanging; workers must wait and retry forever (BullMQ requires maxRetriesPerRequest: null on
 * blocking connections).
 */
export type RedisRole = "producer" | "worker";

/** A producer's command without a reply this long fails (the same default as REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_PRODUCER_COMMAND_TIMEOUT_MS = 2_000;

/**
 * `extra.commandTimeout` sets a producer's command timeout (0 = none). Worker connections get none:
 * ioredis applies it to blocking commands too, which would cut BullMQ's BZPOPMIN waits short;
 * BullMQ bounds those itself.
 */
export function createRedisConnection(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const { commandTimeout = DEFAULT_PRODUCER_COMMAND_TIMEOUT_MS, ...rest } = extra;
  const common: RedisOptions = { lazyConnect: false, connectTimeout: 2_000, ...rest };
  if (role === "producer") {
    return new Redis(url, {
      ...common,
      // A Redis that accepts connections but does not answer would otherwise hold every command,
      // and so every request (the rate limiter runs on each), for as long as it stalls.
      // A connection that stays silent that long while commands wait is dropped and reopened: after
      // a partition it may be dead for good without either end being told.
      ...(commandTimeout > 0 ? { commandTimeout, socketTimeout: commandTimeout } : {}),
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
