import type { Account, PrismaClient } from "../generated/prisma/client";
import { revokeAccountSessions } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";

/** Sets a new password hash, ends every session of the account and starts a new one, atomically. */
export async function changeAccountPassword(
  db: PrismaClient,
  input: { accountId: string; passwordHash: string; timeouts: SessionTimeouts; now?: Date },
): Promise<{ account: Account; session: StartedSession }> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const account = await tx.account.update({
      where: { id: input.accountId },
      data: { passwordHash: input.passwordHash },
    });
    await revokeAccountSessions(tx, input.accountId, now);
    const session = await startSession(tx, input.accountId, input.timeouts, now);
    return { account: { ...account, lastSignInAt: now }, session };
  });
}
