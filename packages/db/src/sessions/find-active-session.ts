import type { PrismaClient } from "../generated/prisma/client";
import { type SessionTimeouts, sessionExpiresAt } from "./start-session";

/**
 * The live session with this token hash, with its account, the account's key and the user; null
 * when unknown, revoked, idle too long or past its absolute expiry. The lookup is by SHA-256 on a
 * unique index, so no secret is compared in our code.
 */
export async function findActiveSession(
  db: PrismaClient,
  tokenHash: string,
  timeouts: Pick<SessionTimeouts, "idleMs">,
  now = new Date(),
) {
  const session = await db.session.findUnique({
    where: { tokenHash },
    include: { account: { include: { apiKey: true, user: true } } },
  });
  if (!session || session.revokedAt) return null;
  if (sessionExpiresAt(session, timeouts) <= now) return null;
  const { account } = session;
  if (account.disabledAt) return null; // disabling revokes the sessions too; never trust one alone
  if (!account.apiKey) return null; // every account is created with its key; never trust a row without
  return { ...session, account: { ...account, apiKey: account.apiKey } };
}

export type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;
