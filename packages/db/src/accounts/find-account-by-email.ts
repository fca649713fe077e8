import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { normalizeEmail } from "./create-account";
import { accountsWithEmail } from "./find-account-by-email.queries";

/** Every account with this email, of any user, joined or only invited (the CLI's look-up). */
export async function findAccountsWithEmail(db: DbOrTx, email: string): Promise<Account[]> {
  const rows = await runQuery(accountsWithEmail, { email: normalizeEmail(email) }, sqlOf(db));
  return rows.map(toAccount);
}
