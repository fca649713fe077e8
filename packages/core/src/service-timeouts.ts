import { z } from "zod";
import { redisTopologyEnv } from "./redis-target";

/**
 * How long a process waits on PostgreSQL before giving up, in ms (0 = no limit). A server that
 * accepts connections but does not answer would otherwise hold a request, or a worker's loop,
 * forever.
 */
export interface PgTimeouts {
  /** to open a connection, and to wait for a free one in the pool */
  connectTimeoutMs: number;
  /** server side: PostgreSQL cancels a statement running longer (SQLSTATE 57014) */
  statementTimeoutMs: number;
  /**
   * client side: a query without an answer this long fails and its connection is dropped; the
   * only bound when the server or the network is stalled. Keep it above statementTimeoutMs, so
   * that a slow but alive server cancels the statement first and keeps the connection.
   */
  queryTimeoutMs: number;
  /** server side: a session idle inside an open transaction this long is ended (SQLSTATE 25P03) */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_PG_TIMEOUTS: Readonly<PgTimeouts> = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  queryTimeoutMs: 20_000,
  idleInTransactionTimeoutMs: 30_000,
};

/** Redis commands on fail-fast (producer) connections: rate limits, enqueues. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 2_000;

const ms = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);

/**
 * The variables every app that opens a PostgreSQL pool reads (spread into its env schema), so
 * they mean the same everywhere.
 */
export const pgTimeoutsEnv = {
  PG_CONNECT_TIMEOUT_MS: ms(DEFAULT_PG_TIMEOUTS.connectTimeoutMs),
  PG_STATEMENT_TIMEOUT_MS: ms(DEFAULT_PG_TIMEOUTS.statementTimeoutMs),
  PG_QUERY_TIMEOUT_MS: ms(DEFAULT_PG_TIMEOUTS.queryTimeoutMs),
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(DEFAULT_PG_TIMEOUTS.idleInTransactionTimeoutMs),
};

/** The variable of every app with a fail-fast Redis connection (0 = no limit). */
export const redisTimeoutsEnv = {
  REDIS_COMMAND_TIMEOUT_MS: ms(DEFAULT_REDIS_COMMAND_TIMEOUT_MS),
};

/** PostgreSQL as every app reaches it: the URL and the timeouts (the pool size is each app's own). */
export const postgresEnv = {
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  ...pgTimeoutsEnv,
};

/**
 * Redis as every long-running app reaches it: the URL (and a Cluster's or Sentinel's nodes), the
 * prefix every queue, rate limiter and channel lives under, and the command timeout of fail-fast
 * connections. The prefix may hold one hash tag (`{ctxlog}`): on a Redis Cluster every key then
 * lands in that one slot; without one, the keys carry tags of their own (docs/operations.md).
 */
export const redisEnv = {
  REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  REDIS_PREFIX: z
    .string()
    .regex(
      /^(?=.)[A-Za-z0-9_-]*(?:\{[A-Za-z0-9_-]+\}[A-Za-z0-9_-]*)?$/,
      "letters, digits, _ and -, with at most one {hash tag}",
    )
    .default("ctxlog"),
  ...redisTopologyEnv,
  ...redisTimeoutsEnv,
};

type PgTimeoutsEnv = { [K in keyof typeof pgTimeoutsEnv]: number };

export function pgTimeoutsFrom(env: PgTimeoutsEnv): PgTimeouts {
  return {
    connectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
    queryTimeoutMs: env.PG_QUERY_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}
