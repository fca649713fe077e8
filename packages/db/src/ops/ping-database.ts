import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { selectOne } from "./ping-database.queries";

/**
 * The cheapest statement PostgreSQL answers (readiness: the database takes queries); rejects with
 * the driver's error when it cannot.
 */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await runQuery(selectOne, undefined, sqlOf(db));
}
