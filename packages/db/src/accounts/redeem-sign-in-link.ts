import { type Account, Prisma, type PrismaClient } from "../generated/prisma/client";
import { revokeAccountSessions } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";

/**
 * Uses a one-time link: marks it used (only if still unused and unexpired: two concurrent
 * redemptions cannot both win), sets the password, ends every session of the account (a link is
 * also how a forgotten password is replaced), voids its other unused links, and signs in.
 * Null when the link is unknown, used or expired, its account disabled, or its email already signs
 * in to another account (another user's: an invitation to it can never be completed, and answers
 * like any dead link, so neither the inviter nor the invitee learns whose it is).
 */
export async function redeemSignInLink(
  db: PrismaClient,
  input: { tokenHash: string; passwordHash: string; timeouts: SessionTimeouts; now?: Date },
): Promise<{ account: Account; session: StartedSession } | null> {
  const now = input.now ?? new Date();
  try {
    return await db.$transaction(async (tx) => {
      const link = await tx.signInLink.findUnique({
        where: { tokenHash: input.tokenHash },
        include: { account: true },
      });
      if (!link || link.account.disabledAt) return null;
      const { count } = await tx.signInLink.updateMany({
        where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count === 0) return null;
      await tx.signInLink.updateMany({
        where: { accountId: link.accountId, usedAt: null },
        data: { usedAt: now },
      });
      // sign_in_email is unique: the email signs in to one account only, whoever invited it
      await tx.account.update({
        where: { id: link.accountId },
        data: { passwordHash: input.passwordHash, signInEmail: link.account.email },
      });
      await revokeAccountSessions(tx, link.accountId, now);
      const session = await startSession(tx, link.accountId, input.timeouts, now);
      const account = await tx.account.findUniqueOrThrow({ where: { id: link.accountId } });
      return { account, session };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return null;
    throw err;
  }
}
