import type { Account, Person, PrismaClient } from "../generated/prisma/client";
import { revokeSession } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";

/**
 * Starts a session of a signed-in person in one of their memberships (listMemberships): an account
 * they joined, or an open invitation to their proven email, which is joined on the way (its links are
 * used up, atomically: an invitation revoked or expired meanwhile is not joined). `replaces`: the
 * session this one takes over from (switching to another user), ended in the same transaction.
 * Null when the account is none of the person's memberships now.
 */
export async function enterAccount(
  db: PrismaClient,
  input: {
    person: Pick<Person, "id" | "email" | "emailVerifiedAt">;
    accountId: string;
    timeouts: SessionTimeouts;
    replaces?: string;
    now?: Date;
  },
): Promise<{ account: Account; session: StartedSession } | null> {
  const now = input.now ?? new Date();
  const { person } = input;
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM accounts WHERE id = ${input.accountId} FOR UPDATE`;
    const account = locked ? await tx.account.findUnique({ where: { id: locked.id } }) : null;
    if (!account || account.disabledAt) return null;
    if (account.personId !== person.id) {
      const invitation =
        account.personId === null && account.email === person.email && person.emailVerifiedAt;
      if (!invitation) return null;
      const { count } = await tx.signInLink.updateMany({
        where: { accountId: account.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count === 0) return null;
      await tx.account.update({ where: { id: account.id }, data: { personId: person.id } });
    }
    if (input.replaces) await revokeSession(tx, input.replaces, now);
    const session = await startSession(tx, account.id, input.timeouts, now);
    return { account: await tx.account.findUniqueOrThrow({ where: { id: account.id } }), session };
  });
}
