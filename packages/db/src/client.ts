import { PrismaPg } from "@prisma/adapter-pg";
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

/**
 * A PrismaClient on the pure-JS pg driver: Prisma 7 needs no native query engine this way.
 * Nothing connects until the first query; call `$disconnect()` to release the pool.
 */
export function createDb(databaseUrl: string, opts: CreateDbOptions = {}): Db {
  const { poolSize } = opts;
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) {
    throw new RangeError(`poolSize must be a positive integer, got ${poolSize}`);
  }
  const adapter = new PrismaPg({ connectionString: databaseUrl, ...(poolSize ? { max: poolSize } : {}) });
  return new PrismaClient({ adapter });
}
