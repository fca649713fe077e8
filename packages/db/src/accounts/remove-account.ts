import type { Account, PrismaClient } from "../generated/prisma/client";
import { lockAccountForRemoval } from "./keep-one-account";

/**
 * Removes an account of `userId` at once: its sessions and sign-in links go, the key its sessions
 * acted as is revoked and kept (contexts and verifications made in the dashboard still name it),
 * and the email is free to be invited again; the person (their password, their other accounts)
 * stays. `onlyInvited`: only an account nobody has joined (revoking an invitation). Null when the user has no such account; LastAccountError when
 * it is the user's last account that can sign in (unless `allowLast`).
 */
export async function removeAccount(
  db: PrismaClient,
  input: { userId: string; accountId: string; onlyInvited?: boolean; allowLast?: boolean; now?: Date },
): Promise<Account | null> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const account = await lockAccountForRemoval(tx, input);
    if (!account) return null;
    await tx.session.deleteMany({ where: { accountId: account.id } });
    await tx.signInLink.deleteMany({ where: { accountId: account.id } });
    await tx.apiKey.updateMany({
      where: { accountId: account.id },
      data: { accountId: null, revokedAt: now },
    });
    await tx.account.delete({ where: { id: account.id } });
    return account;
  });
}
