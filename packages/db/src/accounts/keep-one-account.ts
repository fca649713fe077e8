import type { Account, Prisma } from "../generated/prisma/client";

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
 */
export async function lockAccountForRemoval(
  tx: Prisma.TransactionClient,
  input: { userId: string; accountId: string; allowLast?: boolean; onlyInvited?: boolean },
): Promise<Account | null> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE user_id = ${input.userId} ORDER BY id FOR UPDATE`;
  const accounts = await tx.account.findMany({ where: { userId: input.userId } });
  const target = accounts.find((a) => a.id === input.accountId);
  if (!target || (input.onlyInvited && target.personId !== null)) return null;
  const othersCanSignIn = accounts.some((a) => a.id !== target.id && canSignIn(a));
  if (canSignIn(target) && !othersCanSignIn && !input.allowLast) {
    throw new LastAccountError(`account ${target.id} is the last of user ${target.userId} that can sign in`);
  }
  return target;
}
