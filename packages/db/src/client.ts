import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { type Prisma, PrismaClient } from "./generated/prisma/client";

export type {
  ApiKey,
  Context,
  IdempotencyKey,
  OutboxEvent,
  User,
} from "./generated/prisma/client";
export { ContextStatus, KeyType, Prisma, PrismaClient, Visibility } from "./generated/prisma/client";

/** The application's database handle. */
export type Db = PrismaClient;

/** What `db.$transaction(async (tx) => ...)` hands to its callback. */
export type TransactionClient = Prisma.TransactionClient;

export interface CreateDbOptions {
  /** Connections in the pg pool; pg's default (10) when unset. */
  poolSize?: number;
}

const pools = new WeakMap<object, Pool>();

/**
 * A PrismaClient on the pure-JS pg driver: Prisma 7 needs no native query engine this way.
 * Nothing connects until the first query; call `$disconnect()` to release the pool.
 */
export function createDb(databaseUrl: string, opts: CreateDbOptions = {}): Db {
  const { poolSize } = opts;
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) {
    throw new RangeError(`poolSize must be a positive integer, got ${poolSize}`);
  }
  const pool = new Pool({ connectionString: databaseUrl, ...(poolSize ? { max: poolSize } : {}) });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool under a client made by createDb (not a transaction client, not a pool that has been
 * ended), for the few hot statements that skip Prisma's per-query work.
 */
export function pgPoolOf(db: unknown): Pool | undefined {
  const pool = typeof db === "object" && db !== null ? pools.get(db) : undefined;
  return pool && !pool.ending && !pool.ended ? pool : undefined;
}
