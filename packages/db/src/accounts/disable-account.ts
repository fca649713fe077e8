import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { revokeAccountSessions } from "../sessions/revoke-sessions";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { clearAccountDisabled, setAccountDisabled } from "./disable-account.queries";
import { lockAccountForRemoval } from "./keep-one-account";
import { voidSignInLinks } from "./sign-in-links";

/**
 * Disables an account of `userId`: it can no longer sign in, its sessions end and its unused
 * sign-in links are voided, in one transaction. Null when the user has no such account;
 * LastAccountError when it is the user's last account that can sign in (unless `allowLast`).
 */
export async function disableAccount(
  db: DbOrTx,
  input: { userId: string; accountId: string; allowLast?: boolean; now?: Date },
): Promise<Account | null> {
  const now = input.now ?? new Date();
  return inSqlTransaction(db, async (sql) => {
    const account = await lockAccountForRemoval(sql, input);
    if (!account) return null;
    await revokeAccountSessions(sql, account.id, now);
    await voidSignInLinks(sql, account.id, now);
    if (account.disabledAt) return account;
    const [row] = await runQuery(setAccountDisabled, { accountId: account.id, now }, sql);
    if (!row) throw new Error(`account ${account.id}, locked, is gone`);
    return toAccount(row);
  });
}

/** Enables a disabled account of `userId` again (its password still works); null when none. */
export async function enableAccount(
  db: DbOrTx,
  input: { userId: string; accountId: string },
): Promise<Account | null> {
  const [row] = await runQuery(clearAccountDisabled, input, sqlOf(db));
  return row ? toAccount(row) : null;
}
