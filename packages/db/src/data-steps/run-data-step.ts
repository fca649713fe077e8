import { createDb, pgPoolOf } from "../client";
import { inSqlTransaction } from "../sql-transaction";
import type { DataStep } from "./data-step";

const LOCK_KEY = 0x63_74_78_64_73; // "ctxds": one data step at a time across migrating processes

/**
 * Runs `step` once per database: in one transaction that records it in ctxlog_data_steps, under an
 * advisory lock, so two processes migrating at once run it once. Already recorded: nothing to do.
 */
export async function runDataStep(databaseUrl: string, step: DataStep): Promise<boolean> {
  const db = createDb(databaseUrl, { poolSize: 1 });
  try {
    return await inSqlTransaction(db, async (sql) => {
      await sql("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
      await sql(`CREATE TABLE IF NOT EXISTS ctxlog_data_steps (
        name text PRIMARY KEY, after_migration text NOT NULL, finished_at timestamptz NOT NULL DEFAULT now())`);
      const done = await sql("SELECT 1 FROM ctxlog_data_steps WHERE name = $1", [step.name]);
      if (done.length > 0) return false;
      await step.run(sql);
      await sql("INSERT INTO ctxlog_data_steps (name, after_migration) VALUES ($1, $2)", [
        step.name,
        step.after,
      ]);
      return true;
    });
  } finally {
    await db.$disconnect();
    // Prisma never connected (the statements ran on its pool), so its disconnect may leave the pool
    await pgPoolOf(db)?.end();
  }
}
