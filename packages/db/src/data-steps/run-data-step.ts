import { createDb } from "../client";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import type { DataStep, DataStepContext } from "./data-step";
import { findDataStep, lockDataSteps, recordDataStep } from "./run-data-step.queries";

/**
 * Runs `step` once per database: in one transaction that records it in ctxlog_data_steps (created
 * by migration 20261129100346_data_steps: a step follows that one or a later one), under an
 * advisory lock, so two processes migrating at once run it once. Already recorded: nothing to do.
 */
export async function runDataStep(
  databaseUrl: string,
  step: DataStep,
  context: DataStepContext = { keyring: null },
): Promise<boolean> {
  const db = createDb(databaseUrl, { poolSize: 1 });
  try {
    return await inSqlTransaction(db, async (sql) => {
      await runQuery(lockDataSteps, undefined, sql);
      if ((await runQuery(findDataStep, { name: step.name }, sql)).length > 0) return false;
      await step.run(sql, context);
      await runQuery(recordDataStep, { name: step.name, afterMigration: step.after }, sql);
      return true;
    });
  } finally {
    // ends the pool too, though Prisma never connected (the statements ran on the pool): client.ts
    await db.$disconnect();
  }
}
