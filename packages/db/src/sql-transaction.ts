import { pgPoolOf } from "./client";
import type { DbOrTx } from "./prisma-types";

/**
 * Runs one statement with positional parameters and returns its rows. Column types are pg's
 * (bigint as a string) on the pool and Prisma's (bigint as BigInt) inside a Prisma transaction:
 * callers convert with BigInt()/Number(), which take both.
 */
export type SqlRunner = <T = Record<string, unknown>>(
  sql: string,
  params?: readonly unknown[],
) => Promise<T[]>;

/** A Prisma client or transaction as an SqlRunner. */
export const prismaSql =
  (db: DbOrTx): SqlRunner =>
  <T>(sql: string, params: readonly unknown[] = []) =>
    db.$queryRawUnsafe<T[]>(sql, ...params);

/**
 * Runs `fn` in one transaction: on the pg pool under a client from createDb (the chain worker's
 * bulk statements cost about twice the CPU through Prisma's per-query work, as the API's insert
 * did), else in a Prisma transaction, or in the transaction `db` already is.
 */
export async function inSqlTransaction<T>(db: DbOrTx, fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const pool = pgPoolOf(db);
  if (!pool) {
    return "$transaction" in db ? db.$transaction((tx) => fn(prismaSql(tx))) : fn(prismaSql(db));
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection killed between two statements (the database dropped, the server shutting down)
  // errors on the client itself, not on a query: without a listener that is an unhandled 'error'
  // event that ends the process. It fails the transaction instead, and the client is not reused.
  const onError = (err: Error) => {
    broken = err;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await fn(async <R>(sql: string, params: readonly unknown[] = []) => {
      const res = await client.query(sql, params as unknown[]);
      return res.rows as R[];
    });
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackErr: Error) => {
      broken = rollbackErr;
    });
    throw err;
  } finally {
    // a connection that could not even roll back (timed out, cut) is not given back to the pool
    client.off("error", onError);
    client.release(broken);
  }
}

/**
 * One statement outside a transaction: on the pg pool under a client from createDb, else through
 * Prisma (a transaction client, or a client without a pool of its own). A runner is itself: a
 * function that takes either runs its statements in the caller's inSqlTransaction when given one.
 */
export function sqlOf(db: DbOrTx | SqlRunner): SqlRunner {
  if (typeof db === "function") return db;
  const pool = pgPoolOf(db);
  if (!pool) return prismaSql(db);
  return async <R>(sql: string, params: readonly unknown[] = []) =>
    (await pool.query(sql, params as unknown[])).rows as R[];
}
