import type { Account, PrismaClient } from "../generated/prisma/client";
import { revokePersonSessions } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";

/**
 * Sets a person's new password hash, ends every session of the person (in every user's account)
 * and starts a new one in `accountId`, atomically.
 */
export async function changePersonPassword(
  db: PrismaClient,
  input: { personId: string; accountId: string; passwordHash: string; timeouts: SessionTimeouts; now?: Date },
): Promise<{ account: Account; session: StartedSession }> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    await tx.person.update({ where: { id: input.personId }, data: { passwordHash: input.passwordHash } });
    await revokePersonSessions(tx, input.personId, now);
    const session = await startSession(tx, input.accountId, input.timeouts, now);
    const account = await tx.account.findUniqueOrThrow({ where: { id: input.accountId } });
    return { account, session };
  });
}
