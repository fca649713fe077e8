import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { lockAccountForRemoval } from "./keep-one-account";
import {
  deleteAccountRow,
  deleteLinksOfAccount,
  deleteSessionsOfAccount,
  releaseAccountKey,
} from "./remove-account.queries";

/**
 * Removes an account of `userId` at once: its sessions and sign-in links go, the key its sessions
 * acted as is revoked and kept (contexts and verifications made in the dashboard still name it),
 * and the email is free to be invited again; the person (their password, their other accounts)
 * stays. `onlyInvited`: only an account nobody has joined (revoking an invitation). Null when the user has no such account; LastAccountError when
 * it is the user's last account that can sign in (unless `allowLast`).
 */
export async function removeAccount(
  db: DbOrTx,
  input: { userId: string; accountId: string; onlyInvited?: boolean; allowLast?: boolean; now?: Date },
): Promise<Account | null> {
  const now = input.now ?? new Date();
  return inSqlTransaction(db, async (sql) => {
    const account = await lockAccountForRemoval(sql, input);
    if (!account) return null;
    const accountId = account.id;
    await runQuery(deleteSessionsOfAccount, { accountId }, sql);
    await runQuery(deleteLinksOfAccount, { accountId }, sql);
    await runQuery(releaseAccountKey, { accountId, now }, sql);
    await runQuery(deleteAccountRow, { accountId }, sql);
    return account;
  });
}
