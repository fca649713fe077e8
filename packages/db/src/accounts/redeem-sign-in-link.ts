import { newId } from "@ctxlog/core";
import type { Account, Person, PrismaClient } from "../generated/prisma/client";
import { revokePersonSessions } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";

/**
 * Uses a one-time link (mailed to the account's email, so whoever holds it receives that mail):
 * marks it used (only if still unused and unexpired: two concurrent redemptions cannot both win),
 * voids the account's other unused links, sets the password of the email's person (created now, or
 * replaced: a link is also how a forgotten password is replaced) and marks the email proven, joins
 * the account, ends every session of the person (every user's) and signs in to this account.
 * The same whether or not the email already had a person: nothing here tells anyone which.
 * Null when the link is unknown, used or expired, or its account disabled.
 */
export async function redeemSignInLink(
  db: PrismaClient,
  input: { tokenHash: string; passwordHash: string; timeouts: SessionTimeouts; now?: Date },
): Promise<{ account: Account; person: Person; session: StartedSession } | null> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
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
    // one statement, so two first links of one email (two users' invitations) raced cannot both
    // create a person: the second sets the password of the first's
    const [upserted] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO people (id, email, password_hash, email_verified_at, created_at)
      VALUES (${newId("per")}, ${link.account.email}, ${input.passwordHash}, ${now}, ${now})
      ON CONFLICT (email) DO UPDATE
        SET password_hash = EXCLUDED.password_hash, email_verified_at = EXCLUDED.email_verified_at
      RETURNING id`;
    if (!upserted) throw new Error("INSERT … RETURNING returned no row");
    await tx.account.update({ where: { id: link.accountId }, data: { personId: upserted.id } });
    await revokePersonSessions(tx, upserted.id, now);
    const session = await startSession(tx, link.accountId, input.timeouts, now);
    const account = await tx.account.findUniqueOrThrow({ where: { id: link.accountId } });
    const person = await tx.person.findUniqueOrThrow({ where: { id: upserted.id } });
    return { account, person, session };
  });
}
