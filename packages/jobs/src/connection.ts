import type { RedisTarget } from "@ctxlog/core";
import { Cluster, Redis, type RedisOptions } from "ioredis";

/** One Redis (or Sentinel's master), or a Redis Cluster: BullMQ and every limiter take either. */
export type RedisClient = Redis | Cluster;

/**
 * Producers (the API) must fail fast when Redis is down so a request can answer 503 instead of
 * hanging; workers must wait and retry forever (BullMQ requires maxRetriesPerRequest: null on
 * blocking connections).
 */
export type RedisRole = "producer" | "worker";

/** A producer's command without a reply this long fails (the same default as REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_PRODUCER_COMMAND_TIMEOUT_MS = 2_000;

/**
 * The longest a BullMQ worker blocks in one read (BZPOPMIN): its `maximumBlockTimeout`, with the
 * default `drainDelay` (5 s) under it. A worker's connection is silent that long when healthy.
 */
export const BULLMQ_LONGEST_BLOCK_MS = 10_000;

const retryStrategy = (times: number) => Math.min(times * 200, 2_000);

/** What a role's connection to one node is: the same on one Redis, a Sentinel master, a Cluster node. */
function nodeOptions(role: RedisRole, extra: RedisOptions): RedisOptions {
  const { commandTimeout = DEFAULT_PRODUCER_COMMAND_TIMEOUT_MS, ...rest } = extra;
  const common: RedisOptions = { lazyConnect: false, connectTimeout: 2_000, ...rest };
  if (role === "producer") {
    return {
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
      retryStrategy,
    };
  }
  return {
    ...common,
    // A worker's commands wait out an outage (BullMQ requires it), but on a connection that is
    // dead without either end being told (a partition, a peer that vanished) they would wait for
    // good: a connection silent longer than the longest blocking read plus the command timeout,
    // while a command waits, is closed and reopened, and the command sent again.
    ...(commandTimeout > 0 ? { socketTimeout: BULLMQ_LONGEST_BLOCK_MS + commandTimeout } : {}),
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
  };
}

/** Credentials, TLS and database of a redis[s]:// URL, for the clients that are not given the URL. */
function urlOptions(url: string): RedisOptions {
  const u = new URL(url);
  const db = Number(u.pathname.slice(1) || 0);
  return {
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === "rediss:" ? { tls: {} } : {}),
    ...(db > 0 ? { db } : {}),
  };
}

/**
 * `extra.commandTimeout` sets a producer's command timeout (0 = none). Worker connections get none:
 * ioredis applies it to blocking commands too, which would cut BullMQ's BZPOPMIN waits short;
 * BullMQ bounds those itself. They get the silence limit above instead (none when it is 0). A target with cluster nodes gives an ioredis Cluster (the same
 * options on each node, and the Cluster's own offline queue and pipelining as the role wants).
 */
export function createRedisConnection(url: string, role: RedisRole, extra?: RedisOptions): Redis;
export function createRedisConnection(
  target: string | RedisTarget,
  role: RedisRole,
  extra?: RedisOptions,
): RedisClient;
export function createRedisConnection(
  target: string | RedisTarget,
  role: RedisRole,
  extra: RedisOptions = {},
): RedisClient {
  const options = nodeOptions(role, extra);
  if (typeof target === "string") return new Redis(target, options);
  if (target.sentinels) {
    return new Redis({
      ...options,
      ...urlOptions(target.url),
      sentinels: target.sentinels,
      name: target.sentinelName ?? "mymaster",
    });
  }
  if (!target.clusterNodes) return new Redis(target.url, options);
  const {
    enableOfflineQueue,
    enableAutoPipelining,
    retryStrategy: _perNode,
    lazyConnect,
    db: _db,
    ...node
  } = options;
  const { db: _noDb, ...credentials } = urlOptions(target.url); // a Cluster has database 0 only
  return new Cluster(target.clusterNodes, {
    redisOptions: { ...node, ...credentials },
    enableOfflineQueue,
    enableAutoPipelining,
    lazyConnect,
    enableReadyCheck: true,
    clusterRetryStrategy: retryStrategy,
  });
}

/** true for a Cluster client: its keys must carry hash tags (see keyspace.ts). */
export function isCluster(redis: RedisClient): redis is Cluster {
  return (redis as { isCluster?: boolean }).isCluster === true;
}
