import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { accountById } from "./find-account.queries";

/** The account with this id, or null. On a client, or the runner of the caller's inSqlTransaction. */
export async function findAccount(db: DbOrTx | SqlRunner, accountId: string): Promise<Account | null> {
  const [row] = await runQuery(accountById, { accountId }, sqlOf(db));
  return row ? toAccount(row) : null;
}

/**
 * The account with this id, which the caller knows exists (written or locked in its transaction, a
 * session's own account): an error when it does not.
 */
export async function readAccount(db: DbOrTx | SqlRunner, accountId: string): Promise<Account> {
  const account = await findAccount(db, accountId);
  if (!account) throw new Error(`account ${accountId} does not exist`);
  return account;
}
