import type { Account, PrismaClient } from "../generated/prisma/client";
import { revokeAccountSessions } from "../sessions/revoke-sessions";
import { lockAccountForRemoval } from "./keep-one-account";

/**
 * Disables an account of `userId`: it can no longer sign in, its sessions end and its unused
 * sign-in links are voided, in one transaction. Null when the user has no such account;
 * LastAccountError when it is the user's last account that can sign in (unless `allowLast`).
 */
export async function disableAccount(
  db: PrismaClient,
  input: { userId: string; accountId: string; allowLast?: boolean; now?: Date },
): Promise<Account | null> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const account = await lockAccountForRemoval(tx, input);
    if (!account) return null;
    await revokeAccountSessions(tx, account.id, now);
    await tx.signInLink.updateMany({ where: { accountId: account.id, usedAt: null }, data: { usedAt: now } });
    if (account.disabledAt) return account;
    return tx.account.update({ where: { id: account.id }, data: { disabledAt: now } });
  });
}

/** Enables a disabled account of `userId` again (its password still works); null when none. */
export async function enableAccount(
  db: PrismaClient,
  input: { userId: string; accountId: string },
): Promise<Account | null> {
  const { count } = await db.account.updateMany({
    where: { id: input.accountId, userId: input.userId },
    data: { disabledAt: null },
  });
  return count === 0 ? null : db.account.findUnique({ where: { id: input.accountId } });
}
