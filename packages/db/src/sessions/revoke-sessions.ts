import type { DbOrTx } from "../prisma-types";

/** Ends one session (sign-out). Revoking twice keeps the first time. */
export async function revokeSession(db: DbOrTx, sessionId: string, now = new Date()): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/** Ends every live session of an account (disabling it). */
export async function revokeAccountSessions(
  db: DbOrTx,
  accountId: string,
  now = new Date(),
): Promise<number> {
  const { count } = await db.session.updateMany({
    where: { accountId, revokedAt: null },
    data: { revokedAt: now },
  });
  return count;
}

/** Ends every live session of a person, in every user's account (sign-out everywhere, a new password). */
export async function revokePersonSessions(db: DbOrTx, personId: string, now = new Date()): Promise<number> {
  const { count } = await db.session.updateMany({
    where: { revokedAt: null, account: { personId } },
    data: { revokedAt: now },
  });
  return count;
}
