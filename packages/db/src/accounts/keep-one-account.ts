import type { Account } from "../generated/prisma/client";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { lockAccountsOfUser } from "./keep-one-account.queries";

/** Disabling or removing this account would leave its user with no account that can sign in. */
export class LastAccountError extends Error {
  override readonly name = "LastAccountError";
}

/** An account that can sign in: joined by a person (who has a password) and not disabled. */
export const canSignIn = (a: Pick<Account, "personId" | "disabledAt">) =>
  a.personId !== null && a.disabledAt === null;

/**
 * Locks the user's accounts (so that two people removing each other at once cannot both succeed)
 * and returns `accountId` if it is one of them (and, with `onlyInvited`, nobody has joined it
 * yet), or null. Throws LastAccountError when taking this
 * account away would leave no account of the user that can sign in, unless `allowLast` (the CLI's
 * --force). An account that cannot sign in anyway (invited, disabled) can always be taken away.
 * In the caller's inSqlTransaction (the locks last until it ends).
 */
export async function lockAccountForRemoval(
  sql: SqlRunner,
  input: { userId: string; accountId: string; allowLast?: boolean; onlyInvited?: boolean },
): Promise<Account | null> {
  const accounts = (await runQuery(lockAccountsOfUser, { userId: input.userId }, sql)).map(toAccount);
  const target = accounts.find((a) => a.id === input.accountId);
  if (!target || (input.onlyInvited && target.personId !== null)) return null;
  const othersCanSignIn = accounts.some((a) => a.id !== target.id && canSignIn(a));
  if (canSignIn(target) && !othersCanSignIn && !input.allowLast) {
    throw new LastAccountError(`account ${target.id} is the last of user ${target.userId} that can sign in`);
  }
  return target;
}
