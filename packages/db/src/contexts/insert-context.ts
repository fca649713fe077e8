import type { NewContext } from "@ctxlog/core";
import { pgPoolOf } from "../client";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import { linkEntries, lockLogHeads, logsOf, type NewHead, type RunSql } from "./assign-sequences";
import {
  headsJson,
  INSERT_CHAINED_SQL,
  INSERT_CONTEXTS_SQL,
  pendingContextRow,
  toRecord,
} from "./context-rows";
import type { Context } from "./context-view";
import type { LogHeadCache } from "./log-heads";
import { rememberHead, writeAfterRememberedHeads } from "./write-after-remembered-heads";

/** What the API computes for a new context (built by `buildNewContexts` in @ctxlog/core). */
export type { NewContext } from "@ctxlog/core";
export { pendingContextRow } from "./context-rows";

export interface InsertContextsOptions {
  /**
   * false: write the rows outside any log (no sequence, leaf = context_hash), as before logs were
   * chained. Only for benchmarks measuring what chaining costs; default true.
   */
  chained?: boolean;
  /**
   * This process's memory of the heads it wrote (one per process, shared by its writes): with it,
   * a write of logs it remembers is one statement instead of a locking transaction. Only on a
   * client from createDb (inside a transaction the heads are locked as usual).
   */
  heads?: LogHeadCache;
}

/**
 * The one writer of new contexts: many pending rows, returned as stored. Each row gets the next
 * `sequence` of its log (user_id, agent_id), `prev_entry_hash` and `entry_hash`, assigned where it
 * is written. Without `opts.heads`, a transaction locks the logs' head rows (in a fixed order, so
 * concurrent batches never deadlock), the entries are linked here (keccak is not in PostgreSQL),
 * then the rows inserted and the heads advanced in one statement. With `opts.heads` (an API
 * process's memory of the heads it wrote), the write is one statement that locks, checks and
 * writes, holding the head locks for that statement only (a log it does not remember costs one
 * read first); when another process moved one of its heads in between, that statement writes
 * nothing and answers the heads as they are, and the write tries again after them, then takes the
 * locking path. Rows of one log in one call take consecutive sequences in input order. On a
 * locking path. Rows of one log in one call take consecutive sequences in input order. On a
 * client from createDb it goes straight to the pg pool underneath (through Prisma the same
 * statements cost twice the CPU); inside a transaction (an Idempotency-Key's) it runs through that
 * transaction's connection, locking. Nothing of a batch is written when one row is refused.
 */
export async function insertContexts(
  db: DbOrTx,
  inputs: readonly NewContext[],
  opts: InsertContextsOptions = {},
): Promise<Context[]> {
  if (inputs.length === 0) return [];
  const pool = pgPoolOf(db);
  if (opts.chained === false) {
    const rows = inputs.map((input) => pendingContextRow(input));
    const records = JSON.stringify(rows.map(toRecord));
    if (pool) await pool.query(INSERT_CONTEXTS_SQL, [records]);
    else await db.$executeRawUnsafe(INSERT_CONTEXTS_SQL, records);
    return rows;
  }
  if (pool) {
    const { heads } = opts;
    if (!heads) return (await writeLocked(db, inputs)).rows;
    const keys = logsOf(inputs).map((log) => log.key);
    return heads.exclusive(keys, async () => {
      for (let attempt = 0; attempt < REMEMBERED_ATTEMPTS; attempt++) {
        const written = await writeAfterRememberedHeads(pool, inputs, keys, heads);
        if (written) return written;
      }
      // other processes keep moving these heads: lock them, which always goes through
      const written = await writeLocked(db, inputs);
      for (const head of written.newHeads) rememberHead(heads, head);
      return written.rows;
    });
  }
  return (await writeLocked(db, inputs)).rows;
}

/** Tries of the one-statement write before a write takes the locking path. */
const REMEMBERED_ATTEMPTS = 3;

/** Locks the heads, numbers the rows after them and writes, in one transaction. */
const writeLocked = (db: DbOrTx, inputs: readonly NewContext[]) =>
  inSqlTransaction(db, (sql) => writeChained(sql, inputs));

async function writeChained(
  sql: RunSql,
  inputs: readonly NewContext[],
): Promise<{ rows: Context[]; newHeads: NewHead[] }> {
  const heads = await lockLogHeads(sql, inputs);
  const { links, newHeads } = linkEntries(inputs, heads);
  const rows = inputs.map((input, i) => pendingContextRow(input, links[i]));
  await sql(INSERT_CHAINED_SQL, [JSON.stringify(rows.map(toRecord)), headsJson(newHeads)]);
  return { rows, newHeads };
}
