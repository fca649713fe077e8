import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { setPersonOfAccount } from "./join-account.queries";

/**
 * A person joins an account (a link redeemed, an invitation entered), in the caller's transaction.
 * Throws when there is no such account: the caller read it in the same transaction.
 */
export async function joinAccount(sql: SqlRunner, accountId: string, personId: string): Promise<void> {
  const [joined] = await runQuery(setPersonOfAccount, { accountId, personId }, sql);
  if (!joined) throw new Error(`account ${accountId} does not exist`);
}
